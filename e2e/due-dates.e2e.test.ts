import { describe, expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { addWorkingDays } from '../src/shared/due-dates';
import { earliestDueMessage, formatDueDay } from '../src/shared/due-date-rules';
import { shopDay } from '../src/shared/time';
import { test } from './support/fixtures';
import { baseUrl, screenshot, uniqueEmail, VIEWPORTS, waitForMail } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';

// Due dates (docs/product.md#due-dates): the customer asks for a day at checkout and sees it on the confirmation;
// staff sort the order list by due date, move a day in the order modal, and see late orders stand out.
const api = (p: string) => `${baseUrl()}/api/v1${p}`;

async function addLine(context: BrowserContext) {
  const products = (await (await context.request.get(api('/products/'))).json()).products as {
    id: number;
    sizes: { label: string }[];
  }[];
  const res = await context.request.post(api('/cart/items'), {
    data: { product_id: products[0]!.id, size: products[0]!.sizes[1]!.label, quantity: 1, customizations: {} },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function earliestDay(context: BrowserContext): Promise<string> {
  return (await (await context.request.get(api('/settings/'))).json()).settings.earliest_due_date;
}

async function placeOrder(context: BrowserContext, dueDate: string | null) {
  await addLine(context);
  const res = await context.request.post(api('/orders/'), { data: { fulfillment: 'pickup', due_date: dueDate } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).order as { id: number; order_number: string; due_date: string };
}

describe('due dates', () => {
  test('a customer asks for a later day at checkout and sees it on the confirmation', async ({ signedInPage }) => {
    const email = uniqueEmail('needby');
    const { page, context, consoleErrors } = await signedInPage(email);
    await addLine(context);
    const earliest = await earliestDay(context);
    const wanted = addWorkingDays(earliest, 3);

    await page.goto('/checkout');
    const needBy = page.getByLabel('Need it by (optional)');
    await needBy.waitFor();
    const estimate = page.getByTestId('checkout-ready-by');
    await expect.poll(() => estimate.textContent()).toContain(formatDueDay(earliest));
    await needBy.scrollIntoViewIfNeeded();
    await screenshot(page, 'checkout-due-date-desktop');

    // Too soon: the form says the earliest day, in the API's words, and places nothing.
    await needBy.fill(shopDay(new Date()));
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText(earliestDueMessage(earliest)).waitFor();
    expect(page.url()).toContain('/checkout');

    await needBy.fill(wanted);
    await expect.poll(() => estimate.textContent()).toContain(formatDueDay(wanted));
    await page.getByRole('button', { name: 'Place order' }).click();
    const readyBy = page.getByTestId('placed-ready-by');
    await readyBy.waitFor({ timeout: 15_000 });
    expect(await readyBy.textContent()).toContain(formatDueDay(wanted));
    await screenshot(page, 'order-placed-due-date-desktop');
    const mail = await waitForMail(email, /^Order .+ received$/);
    expect(mail.text).toContain(`Ready by (estimate): ${formatDueDay(wanted)}`);
    expect(consoleErrors).toEqual([]);
  });

  test('the product and the checkout at phone width show the estimate', async ({ signedInPage }) => {
    const { page, context } = await signedInPage(uniqueEmail('needby-phone'), { viewport: VIEWPORTS.phone });
    // The product says when it would be ready if ordered today.
    await page.goto('/store');
    const card = page.getByTestId('product-card').filter({ hasText: 'Duty Polo' });
    await card.getByRole('button', { name: /^Customize / }).click();
    const product = page.getByRole('dialog', { name: /Duty Polo/ });
    const readyBy = product.getByTestId('product-ready-by');
    await readyBy.scrollIntoViewIfNeeded();
    expect(await readyBy.textContent()).toBe(
      `Ready by ${formatDueDay(await earliestDay(context), false)} if you order today`,
    );
    await screenshot(page, 'product-ready-by-phone');
    await page.keyboard.press('Escape');
    await addLine(context);
    await page.goto('/checkout');
    await page.getByLabel('Need it by (optional)').scrollIntoViewIfNeeded();
    await screenshot(page, 'checkout-due-date-phone');
    expect(await page.getByTestId('checkout-ready-by').textContent()).toContain(
      formatDueDay(await earliestDay(context)),
    );
  });

  test('staff sort by due date, move a day in the order modal, and late orders stand out', async ({ signedInPage }) => {
    const email = uniqueEmail('duelist');
    const customer = await signedInPage(email, { profile: { first: 'Dora', last: 'Duedate' } });
    const earliest = await earliestDay(customer.context);
    const later = await placeOrder(customer.context, addWorkingDays(earliest, 10));
    const soon = await placeOrder(customer.context, null);
    expect(soon.due_date).toBe(earliest);

    const staff = await signedInPage(E2E_ADMIN, { profile: { first: 'Shop', last: 'Chief' } });
    const { page } = staff;
    await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    const rows = page.getByTestId('admin-order-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    // Newest first, then soonest due first once chosen; the choice lives in the URL.
    expect(await rows.first().getAttribute('data-order-number')).toBe(soon.order_number);
    await page.getByLabel('Sort').selectOption('due');
    await expect.poll(() => page.url()).toContain('sort=due');
    await expect.poll(() => rows.first().getAttribute('data-order-number')).toBe(soon.order_number);
    expect(await rows.nth(1).getAttribute('data-order-number')).toBe(later.order_number);

    // Staff move the later order to today: it jumps to the top of the list, marked "Due today".
    const today = shopDay(new Date());
    await rows.nth(1).click();
    const dialog = page.getByRole('dialog', { name: `Order ${later.order_number}` });
    const control = dialog.getByTestId('due-date-control');
    await control.getByRole('button', { name: 'Change due date' }).click();
    await control.getByLabel('New due date').fill(today);
    await control.getByLabel('Comments for the customer (optional)').fill('A machine came free.');
    await control.getByRole('button', { name: 'Save due date' }).click();
    await control.locator('[data-standing="due_today"]').getByText('Due today').waitFor();
    await dialog
      .getByTestId('order-timeline')
      .getByText(`-> ${formatDueDay(today)}`)
      .waitFor();
    await screenshot(page, 'admin-order-due-date-desktop');
    const mail = await waitForMail(email, new RegExp(`^Order ${later.order_number}: new due date$`));
    expect(mail.text).toContain('Comments: A machine came free.');
    await page.keyboard.press('Escape');
    await expect.poll(() => rows.first().getAttribute('data-order-number')).toBe(later.order_number);
    await rows.first().locator('[data-standing="due_today"]').getByText('Due today').waitFor();

    // A day later by the browser's clock, the order due today is overdue: a word and an icon, not colour alone.
    const tomorrowNoon = new Date(`${addWorkingDays(today, 1)}T19:00:00Z`);
    await page.clock.setFixedTime(tomorrowNoon);
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await rows.first().locator('[data-standing="overdue"]').getByText('Overdue').waitFor();
    expect(await rows.nth(1).getByTestId('order-due').getAttribute('data-standing')).toBe('');
    await screenshot(page, 'admin-orders-due-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await page.reload();
    await rows.first().locator('[data-standing="overdue"]').waitFor({ timeout: 15_000 });
    await screenshot(page, 'admin-orders-due-phone');
    await rows.first().click();
    await dialog.getByTestId('due-date-control').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-order-due-date-phone');
    expect(staff.consoleErrors).toEqual([]);
  });
});
