import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { axeFindings, WCAG_TAGS } from './support/axe';
import { screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { test } from './support/fixtures';
import { E2E_ADMIN } from './support/global-setup';

// A department's cheque spread over its orders in Chromium: pick the department, the amount spreads oldest first,
// one share changed by hand, recorded; the statement shows the cheque once with its split. Axe-clean at both widths.

const AXE_SOURCE = fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
async function axeClean(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return axeFindings(page, WCAG_TAGS);
}
const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (n: number) => Math.round(n * 100);

describe('one payment for several orders', () => {
  test('a department cheque spread over its orders, shown once on its statement', async ({ signedInPage, shop }) => {
    const domain = `cheque${Date.now()}.test`;
    const name = `Mesa Verde Fire ${Date.now() % 100000}`;
    const { page, context } = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.desktop });
    const made = await context.request.post(shop.api('/departments/'), {
      data: { name, domains: [domain], requires_approval: false },
    });
    expect(made.status(), await made.text()).toBe(201);
    const departmentId = (await made.json()).department.id as number;

    const member = await signedInPage(uniqueEmail('crew', domain));
    const req = member.context.request;
    const { products } = await (await req.get(shop.api('/products/'))).json();
    const placed: { id: number; order_number: string; total: number }[] = [];
    for (const quantity of [1, 2, 1]) {
      const add = await req.post(shop.api('/cart/items'), {
        data: { product_id: products[0].id, size: products[0].sizes[1].label, quantity, customizations: {} },
      });
      expect(add.ok(), await add.text()).toBe(true);
      const res = await req.post(shop.api('/orders/'), { data: { fulfillment: 'pickup' } });
      expect(res.status(), await res.text()).toBe(201);
      placed.push((await res.json()).order);
    }

    await page.goto(`/admin/statements/${departmentId}`);
    await page.getByRole('link', { name: 'Record a payment' }).click();
    await page.getByRole('heading', { name: 'Record one payment for several orders' }).waitFor();
    const rows = page.getByTestId('allocation-row');
    await expect.poll(() => rows.count()).toBe(3);

    // All of the first two and $5 of the third: the amount spreads oldest first.
    const amount = (cents(placed[0]!.total) + cents(placed[1]!.total) + 500) / 100;
    await page.getByLabel('Amount received ($)').fill(amount.toFixed(2));
    await page.getByLabel('Cheque number or reference').fill('Cheque 2231');
    const shares = page.getByTestId('allocation-share');
    await expect.poll(() => shares.nth(2).inputValue()).toBe('5.00');
    expect(await shares.nth(0).inputValue()).toBe(placed[0]!.total.toFixed(2));
    // Moved by hand: $1 from the second order to the third; the totals still say nothing is left over.
    await shares.nth(1).fill(((cents(placed[1]!.total) - 100) / 100).toFixed(2));
    await shares.nth(2).fill('6.00');
    await expect
      .poll(() => page.getByTestId('allocation-totals').textContent())
      .toContain(`Not yet given to an order$0.00`);
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'allocation-desktop');

    await page.getByRole('button', { name: 'Record payment' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${usd(amount)} recorded over 3 orders (Cheque 2231)` })
      .waitFor();

    // The statement: the second and third orders still owe; the cheque shows once with its split.
    await page.goto(`/admin/statements/${departmentId}`);
    const payment = page.getByTestId('statement-payment');
    await expect.poll(() => payment.count()).toBe(1);
    const text = (await payment.textContent())!;
    expect(text).toContain(`Department check Cheque 2231, ${usd(amount)}`);
    expect(text).toContain(`${placed[0]!.order_number} ${usd(placed[0]!.total)}`);
    expect(text).toContain(`${placed[2]!.order_number} $6.00`);
    await expect.poll(() => page.getByTestId('statement-row').count()).toBe(2);

    // The phone: the same screen, axe-clean, no sideways scroll.
    const phone = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.phone });
    await phone.page.goto(`/admin/statements/allocate?department=${departmentId}`);
    await expect.poll(() => phone.page.getByTestId('allocation-row').count()).toBe(2);
    await phone.page.getByLabel('Amount received ($)').fill('1.00');
    expect(await axeClean(phone.page)).toEqual([]);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone.page, 'allocation-phone');
  });
});
