import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail, VIEWPORTS, waitForMail } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { signedInState } from './support/people';

// Allowances in Chromium: a member with $300 orders $240, sees $60 left, orders $100 and owes $40; the
// admin sends the approver this month's statement from the department report, and it lists both orders.
const api = (p: string) => `${baseUrl()}/api/v1${p}`;
const domain = `allow-${process.pid}.gov`;
const DEPT = `Allowance Fire ${process.pid}`;
const APPROVER = `chief-${process.pid}@${domain}`;
/** The member's two orders, as the first test places them: number and the report's figures. */
const placedOrders: string[] = [];
let memberEmail = '';
let browser: Browser;
let admin: BrowserContext;
let departmentId: number;

type Product = { id: number; price: number; sizes: { label: string }[] };
let products: Product[];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await browser.newContext({ baseURL: baseUrl(), storageState: await signedInState(browser, E2E_ADMIN) });
  const res = await admin.request.post(api('/departments/'), {
    data: {
      name: DEPT,
      domains: [domain],
      requires_approval: false,
      tax_exempt: true,
      allowance_amount: 300,
      allowance_period_start: '07-01',
      approver_emails: [APPROVER],
      monthly_statement: true,
    },
  });
  expect(res.status()).toBe(201);
  departmentId = (await res.json()).department.id;
  products = (await (await admin.request.get(api('/products/'))).json()).products;
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

const byPrice = (price: number) => {
  const p = products.find((x) => x.price === price);
  if (!p) throw new Error(`no product at $${price}`);
  return p;
};
async function add(context: BrowserContext, price: number, quantity: number) {
  const p = byPrice(price);
  const res = await context.request.post(api('/cart/items'), {
    data: { product_id: p.id, size: p.sizes[0]!.label, quantity, customizations: {} },
  });
  expect(res.ok()).toBe(true);
}
async function checkoutAndPlace(page: Page, allowance: string, youPay: string) {
  await page.goto('/checkout');
  await page.getByTestId('checkout-allowance').waitFor();
  expect(await page.getByTestId('checkout-allowance').textContent()).toBe(allowance);
  expect(await page.getByTestId('checkout-total').textContent()).toBe(youPay);
  expect(await page.getByTestId('checkout-totals').textContent()).toContain('You pay');
}

describe('a member’s allowance', () => {
  it('pays $240 of the first order, $60 of the second, and leaves $40 to pay', async () => {
    const email = uniqueEmail('member', domain);
    memberEmail = email;
    const state = await signedInState(browser, email);
    const { context, page, consoleErrors } = await newPage(browser, VIEWPORTS.desktop);
    await context.addCookies(state.cookies);

    await add(context, 24, 10);
    await page.goto('/store');
    expect(await page.getByTestId('allowance-badge').textContent()).toContain('$300.00');
    await checkoutAndPlace(page, '-$240.00', '$0.00');
    expect(await page.getByTestId('allowance-notice').textContent()).toContain('$300.00 left of $300.00');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/orders\/\d+\/placed$/);
    placedOrders.push((await page.getByTestId('placed-order-number').textContent())!);

    await page.goto('/store');
    await page.getByTestId('allowance-badge').getByText('$60.00').waitFor();

    await add(context, 32, 2);
    await add(context, 18, 2);
    await checkoutAndPlace(page, '-$60.00', '$40.00');
    await screenshot(page, 'allowance-checkout-desktop');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/orders\/\d+\/placed$/);
    const id = /\/orders\/(\d+)\/placed$/.exec(page.url())![1];
    const placed = (await page.getByTestId('placed-order-number').textContent())!;
    placedOrders.push(placed);
    await page.getByRole('link', { name: `View order ${placed}` }).click();
    await page.getByTestId('order-allowance').waitFor();
    expect(await page.getByTestId('order-allowance').textContent()).toBe('-$60.00');
    expect(await page.getByTestId('order-total').textContent()).toBe('$40.00');
    expect(await page.getByTestId('order-totals').textContent()).toContain(`Allowance: ${DEPT}`);
    expect(await page.getByTestId('order-totals').textContent()).toContain('You pay');
    const order = (await (await context.request.get(api(`/orders/${id}`))).json()).order;
    expect(order.payment.amount_due).toBe(40);
    expect(order.adjustments).toContainEqual(expect.objectContaining({ kind: 'allowance', amount: -60 }));
    const left = (await (await context.request.get(api('/users/me/allowance'))).json()).allowance;
    expect(left).toMatchObject({ amount: 300, used: 300, remaining: 0 });
    expect(consoleErrors).toEqual([]);

    // The phone's header and checkout.
    const phone = await newPage(browser, VIEWPORTS.phone);
    await phone.context.addCookies(state.cookies);
    await add(phone.context, 24, 1);
    await phone.page.goto('/store');
    await phone.page.getByTestId('allowance-badge').getByText('$0.00').waitFor();
    await screenshot(phone.page, 'allowance-store-phone');
    await phone.page.goto('/checkout');
    await phone.page.getByTestId('checkout-allowance').waitFor();
    await screenshot(phone.page, 'allowance-checkout-phone');
    await phone.context.close();
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/store');
    await page.getByTestId('allowance-badge').waitFor();
    await screenshot(page, 'allowance-store-desktop');
    await context.close();
  });

  it('the admin sets the allowance fields and one member’s own amount', async () => {
    const member = uniqueEmail('override', domain);
    await signedInState(browser, member);
    for (const [name, viewport] of [
      ['desktop', VIEWPORTS.desktop],
      ['phone', VIEWPORTS.phone],
    ] as const) {
      const page = await admin.newPage();
      await page.setViewportSize(viewport);
      await page.goto('/admin/users');
      await page.getByRole('tab', { name: 'Departments' }).click();
      await page.getByRole('button', { name: `Edit ${DEPT}` }).click();
      const amount = page.getByLabel('Per member per year ($)');
      expect(await amount.inputValue()).toBe('300.00');
      if (name === 'desktop') {
        await page.getByLabel('Member e-mail', { exact: true }).fill(member);
        await page.getByLabel('Amount ($)').fill('450');
        await page.getByRole('button', { name: 'Set', exact: true }).click();
        await page.getByTestId('allowance-overrides').getByText('$450.00').waitFor();
      }
      await screenshot(page, `allowance-department-form-${name}`);
      await page.close();
    }
    const res = await admin.request.get(api(`/departments/${departmentId}/allowances`));
    expect((await res.json()).overrides).toEqual([expect.objectContaining({ email: member, amount: 450 })]);
  });

  it('the department report shows the member’s allowance, and the approver’s statement lists both orders', async () => {
    expect(placedOrders).toHaveLength(2);
    const since = Date.now();
    const page = await admin.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`/admin/departments/${departmentId}`);
    const row = page.getByRole('row').filter({ hasText: memberEmail });
    await row.waitFor();
    // Spend is the orders' amounts, allowance included ($240 + $100); the allowance columns come from the ledger.
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      expect.stringContaining(memberEmail),
      '2',
      '$340.00',
      '$300.00',
      '$300.00',
      '$0.00',
    ]);
    await screenshot(page, 'department-report-allowance-desktop');

    await page.getByRole('button', { name: 'Send statement now' }).click();
    await page.getByRole('button', { name: 'Send statement', exact: true }).click();
    await page.getByText(`Statement sent to ${APPROVER}`).waitFor();
    const mail = await waitForMail(APPROVER, new RegExp(`^${DEPT}: orders in .+ so far$`), { since });
    expect(mail.text).toContain(`${placedOrders[0]} · `);
    expect(mail.text).toContain('$240.00 (allowance $240.00, member pays $0.00)');
    expect(mail.text).toContain(`${placedOrders[1]} · `);
    expect(mail.text).toContain('$100.00 (allowance $60.00, member pays $40.00)');
    expect(mail.text).toContain('2 orders were placed');

    // Pressed again the same month, it asks first; Cancel sends nothing.
    await page.getByRole('button', { name: 'Send statement now' }).click();
    await page.getByRole('button', { name: 'Send statement', exact: true }).click();
    await page.getByRole('button', { name: 'Send again' }).waitFor();
    expect(await page.getByRole('dialog').textContent()).toContain('was already sent on');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(consoleErrors.filter((e) => !e.includes('409'))).toEqual([]);

    await page.close();

    const phone = await admin.newPage();
    await phone.setViewportSize(VIEWPORTS.phone);
    await phone.goto(`/admin/departments/${departmentId}`);
    await phone.getByText(memberEmail).waitFor();
    await screenshot(phone, 'department-report-allowance-phone');
    await phone.close();
  });
});
