import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { formatUsd } from '../src/shared/money';
import { axeFindings, WCAG_TAGS } from './support/axe';
import { baseUrl, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { test } from './support/fixtures';
import { E2E_ADMIN } from './support/global-setup';
import { completeProfile, placeOrder } from './support/people';
import { startSession } from './support/session';

// Business quantities in the customiser: a size run of 12 polos in one grid reaches the 12-piece break, and a
// 30-name roster uploaded as a CSV file becomes an order (and a work order) listing every name with its size.
// Few page loads: each journey opens the customiser straight from /store?product=<slug>.

type Product = {
  id: number;
  slug: string;
  price: number;
  sizes: { label: string }[];
  quantity_breaks: { min_quantity: number; unit_price: number | null }[];
};

/** A signed-in page whose context lets axe in (the shop's CSP rightly refuses injected scripts). */
async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl(), bypassCSP: true });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await startSession(context, email);
  await completeProfile(context, 'Casey', 'Captain');
  return { context, page, consoleErrors };
}

async function openCustomiser(page: Page, slug: string) {
  await page.goto(`/store?product=${slug}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'One size' }).waitFor();
  return dialog;
}

const axe = async (page: Page, what: string) => expect(await axeFindings(page, WCAG_TAGS), what).toEqual([]);

const NAMES = Array.from(
  { length: 30 },
  (_, i) => `Firefighter ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? 'z' : ''}`,
);

describe('business orders', () => {
  test('a size run of 12 polos in one grid shows the break price, in the customiser and the cart', async ({
    browser,
    shop,
  }) => {
    const customer = await signedIn(browser, uniqueEmail('size-run'));
    const { page } = customer;
    const polo = (
      (await (await customer.context.request.get(shop.api('/products/'))).json()).products as Product[]
    ).find((p) => p.slug === 'duty-polo-navy')!;
    const twelve = polo.quantity_breaks.find((b) => b.min_quantity === 12)!;
    // The seed's 12-piece break: 5 % off the garment, half up to the cent.
    expect(Math.round(twelve.unit_price! * 100)).toBe(Math.floor((Math.round(polo.price * 100) * 95 + 50) / 100));
    const breakPrice = formatUsd(twelve.unit_price!);

    const dialog = await openCustomiser(page, polo.slug);
    await expect.poll(() => dialog.getByTestId('quantity-breaks').innerText()).toContain(`12+: ${breakPrice} each`);
    await dialog.getByRole('radio', { name: 'Several sizes' }).click();
    const run: Record<string, number> = { S: 3, M: 4, L: 3, XL: 2 };
    for (const [size, n] of Object.entries(run)) await dialog.getByLabel(size, { exact: true }).fill(String(n));
    await dialog.getByText('12 pieces in this run').waitFor();
    await axe(page, 'size-run grid at 1280');
    await screenshot(page, 'business-size-run-1280');
    await dialog.getByRole('button', { name: 'Add Sizes to Cart' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The cart: four lines, and the garment named at its break.
    const hints = page.getByTestId('break-hints');
    await expect.poll(() => hints.innerText()).toContain(`12 or more: ${breakPrice} each`);
    const next = polo.quantity_breaks.find((b) => b.min_quantity === 24)!;
    expect(await hints.innerText()).toContain(`Add 12 more for ${formatUsd(next.unit_price!)} each`);
    await screenshot(page, 'business-size-run-cart-1280');
    const cart = (await (await customer.context.request.get(shop.api('/cart/'))).json()).cart as {
      items: { size: string; quantity: number }[];
      adjustments: { kind: string; label: string }[];
    };
    expect(Object.fromEntries(cart.items.map((i) => [i.size, i.quantity]))).toEqual(run);
    expect(cart.adjustments.find((a) => a.kind === 'quantity_break')!.label).toContain(`${breakPrice} each`);

    // At 390 px the grid and a roster preview with a bad row are axe-clean too.
    await page.setViewportSize(VIEWPORTS.phone);
    const phone = await openCustomiser(page, polo.slug);
    await phone.getByRole('radio', { name: 'Several sizes' }).click();
    await phone.getByLabel('M', { exact: true }).fill('2');
    await axe(page, 'size-run grid at 390');
    await screenshot(page, 'business-size-run-390');
    await phone.getByRole('radio', { name: 'Name roster' }).click();
    await phone.getByLabel('Paste the roster').fill('name,size\nAnn Garcia,M\nBartholomew Richardson,L\nLee,XXXXL\n');
    await phone.getByRole('button', { name: 'Check Roster' }).click();
    await expect.poll(() => phone.getByTestId('roster-row').count()).toBe(3);
    await phone.getByText('The embroidered name can be at most 20 characters').first().waitFor();
    await axe(page, 'roster preview at 390');
    await screenshot(page, 'business-roster-preview-390');
    expect(customer.consoleErrors).toEqual([]);
  });

  test('a 30-name roster uploaded as a CSV file is ordered; the order and its work order list every name and size', async ({
    browser,
    shop,
  }) => {
    const customer = await signedIn(browser, uniqueEmail('roster'));
    const { page } = customer;
    const sizes = ['S', 'M', 'L', 'XL', '2XL'];
    const rows = NAMES.map((name, i) => ({ name, size: sizes[i % sizes.length]! }));
    const csv = `name,size,quantity\r\n${rows.map((r) => `${r.name},${r.size},1`).join('\r\n')}\r\n`;

    const dialog = await openCustomiser(page, 'duty-polo-black');
    await dialog.getByRole('radio', { name: 'Name roster' }).click();
    const template = dialog.getByRole('link', { name: 'Download the template' });
    expect(await template.getAttribute('download')).toBe('roster-template.csv');
    await dialog
      .getByLabel('Or upload a CSV file')
      .setInputFiles({ name: 'crew.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => dialog.getByLabel('Paste the roster').inputValue()).toContain('Firefighter Dz');
    await dialog.getByRole('button', { name: 'Check Roster' }).click();
    await expect.poll(() => dialog.getByTestId('roster-row').count()).toBe(30);
    await axe(page, 'roster preview at 1280');
    await screenshot(page, 'business-roster-preview-1280');
    await dialog.getByRole('button', { name: 'Add 30 Names to Cart' }).click();
    await dialog.waitFor({ state: 'detached' });

    const placed = await placeOrder(customer.context);
    const order = (await (await customer.context.request.get(shop.api(`/orders/${placed.id}`))).json()).order as {
      items: { size: string; quantity: number; customizations: { type: string; text: string | null }[] }[];
    };
    const ordered = order.items.map((i) => ({
      name: i.customizations.find((c) => c.type === 'add_name')!.text,
      size: i.size,
    }));
    expect(ordered).toEqual(expect.arrayContaining(rows));
    expect(ordered).toHaveLength(30);

    // The customer's order lists every name; the work order staff print lists every name with its size.
    await page.goto(`/orders?order=${placed.id}`);
    const details = page.getByTestId('order-details');
    await details.waitFor();
    const shown = await details.innerText();
    for (const r of rows) expect(shown).toContain(r.name);
    await screenshot(page, 'business-roster-order-1280');

    const staff = await signedIn(browser, E2E_ADMIN);
    await staff.page.goto(`/admin/production/work-orders?orders=${placed.id}`);
    const sheet = staff.page.locator('.work-order');
    await sheet.getByText(placed.order_number).waitFor();
    const lines = await sheet.locator('tbody tr').allInnerTexts();
    for (const r of rows)
      expect(
        lines.some((l) => l.includes(`“${r.name}”`) && new RegExp(`(^|\\s)${r.size}(\\s|$)`).test(l)),
        `${r.name} ${r.size}`,
      ).toBe(true);
    await screenshot(staff.page, 'business-roster-work-order-1280');
    expect(customer.consoleErrors).toEqual([]);
    expect(staff.consoleErrors).toEqual([]);
  });
});
