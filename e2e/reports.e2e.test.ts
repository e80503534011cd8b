import fs from 'node:fs';
import { describe, expect } from 'vitest';
import { shopDay } from '../src/shared/time';
import { test } from './support/fixtures';
import { screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('reports', () => {
  test("shows today's sales by day with a chart and a table, and downloads the same figures as CSV", async ({
    signedInPage,
    shop,
  }) => {
    // An order placed now, so today has a sale whatever else this shop holds.
    const customer = await signedInPage(uniqueEmail('report'));
    const { products } = await (await customer.context.request.get(shop.api('/products/'))).json();
    const add = await customer.context.request.post(shop.api('/cart/items'), {
      data: { product_id: products[0].id, size: products[0].sizes[1].label, quantity: 2, customizations: {} },
    });
    expect(add.ok(), await add.text()).toBe(true);
    const placed = await customer.context.request.post(shop.api('/orders/'), { data: { fulfillment: 'pickup' } });
    expect(placed.status(), await placed.text()).toBe(201);

    const today = shopDay(new Date());
    const { page, context } = await signedInPage(E2E_ADMIN);
    await page.goto('/admin/reports');
    await page.getByRole('link', { name: 'Reports' }).first().waitFor();
    await page.getByLabel('Report', { exact: true }).selectOption('day');
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(new RegExp(`from=${today}&to=${today}`));

    const chart = page.getByTestId('report-chart');
    await chart.getByRole('img', { name: /Sales by day: 1 bar\./ }).waitFor();
    const api = await (await context.request.get(shop.api(`/reports/day?from=${today}&to=${today}`))).json();
    const total = api.report.total as { orders: number; amount: number };
    expect(total.orders).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('report-total').textContent()).toContain(usd(total.amount));
    const table = page.getByRole('table');
    await expect.poll(() => table.getByRole('row').last().textContent()).toContain(`Total${total.orders}`);
    await screenshot(page, 'reports-day-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report-day-${today}-to-${today}.csv`);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[1]).toBe('Day,Orders,Sales,Credits,Net sales,Refunded,Average order');
    expect(csv[2]).toMatch(new RegExp(`^${today},${total.orders},${total.amount.toFixed(2)},`));
    expect(csv[3]).toMatch(new RegExp(`^Total,${total.orders},${total.amount.toFixed(2)},`));

    // An inverted range is refused with the server's words.
    await page.getByLabel('From', { exact: true }).fill('2026-03-02');
    await page.getByLabel('To', { exact: true }).fill('2026-03-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('The start date must be on or before the end date').waitFor();
  });

  test('reads by product on a phone', async ({ signedInPage }) => {
    const { page } = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.phone });
    const today = shopDay(new Date());
    await page.goto(`/admin/reports?kind=product&from=${today.slice(0, 8)}01&to=${today}`);
    await page
      .getByTestId('report-chart')
      .getByRole('img', { name: /Sales by product/ })
      .waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'reports-product-phone');
  });
});
