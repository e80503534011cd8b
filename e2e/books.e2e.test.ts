import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { shopDay } from '../src/shared/time';
import { axeFindings, WCAG_TAGS } from './support/axe';
import { screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { test } from './support/fixtures';
import { E2E_ADMIN } from './support/global-setup';
import { pdfText } from './support/pdf-text';

// The owner's month close in Chromium: the cash-up for a day, sales tax for the month, the ageing with a link to an
// order, the accounting export downloaded and read back; and an invoice printed with the shop's details from settings.

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const csvOf = async (page: Page, link: string) => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  return {
    name: download.suggestedFilename(),
    rows: parse(text, { bom: true, relax_column_count: true }) as string[][],
  };
};

const AXE_SOURCE = fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
/** axe's findings; axe is evaluated into the page first (the shop's CSP rightly refuses an injected script tag). */
async function axeClean(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return axeFindings(page, WCAG_TAGS);
}

describe('the books', () => {
  test("the owner's month close: cash-up, tax, ageing and the accounting export", async ({ signedInPage, shop }) => {
    const today = shopDay(new Date());
    const monthStart = `${today.slice(0, 8)}01`;
    const customer = await signedInPage(uniqueEmail('books'), { profile: { first: 'Carla', last: 'Close' } });
    const req = customer.context.request;
    const { products } = await (await req.get(shop.api('/products/'))).json();
    const place = async () => {
      const add = await req.post(shop.api('/cart/items'), {
        data: { product_id: products[0].id, size: products[0].sizes[1].label, quantity: 2, customizations: {} },
      });
      expect(add.ok(), await add.text()).toBe(true);
      const placed = await req.post(shop.api('/orders/'), { data: { fulfillment: 'pickup' } });
      expect(placed.status(), await placed.text()).toBe(201);
      return (await placed.json()).order as { id: number; order_number: string; total: number };
    };
    const paid = await place();
    const cancelled = await place();
    const owing = await place();

    const { page, context } = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.desktop });
    const staff = (url: string, data: object) => context.request.post(shop.api(`/orders/admin/${url}`), { data });
    expect((await staff(`${paid.id}/payments`, { amount: paid.total, method: 'cash' })).ok()).toBe(true);
    expect((await staff(`${cancelled.id}/payments`, { amount: cancelled.total, method: 'card_terminal' })).ok()).toBe(
      true,
    );
    const cancel = await staff(`${cancelled.id}/cancel`, {
      refund: { amount: cancelled.total, method: 'card_terminal', reason: 'Changed their mind' },
    });
    expect(cancel.ok(), await cancel.text()).toBe(true);

    // The cash-up for today: the refund of the cancelled order is there, on the day it went back.
    await page.goto(`/admin/reports?kind=money&from=${today}&to=${today}`);
    const money = (await (await context.request.get(shop.api(`/reports/money?from=${today}&to=${today}`))).json())
      .report as { total: { net: number; refunds: number } };
    expect(money.total.refunds).toBeGreaterThanOrEqual(cancelled.total);
    const figures = page.getByTestId('book-total');
    await expect.poll(() => figures.textContent()).toContain(usd(money.total.net));
    expect(await figures.textContent()).toContain(usd(money.total.refunds));
    await page.getByRole('cell', { name: 'Card terminal' }).first().waitFor();
    await page.getByRole('cell', { name: 'Cash' }).first().waitFor();
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'books-money-desktop');
    const cashUp = await csvOf(page, 'Export CSV');
    expect(cashUp.name).toBe(`money-${today}-to-${today}.csv`);
    const total = cashUp.rows.find((r) => r[0] === 'Total')!;
    expect(Number(total[5])).toBeCloseTo(money.total.net, 2);

    // Sales tax for the month.
    await page.getByLabel('Report', { exact: true }).selectOption('tax');
    await page.getByLabel('From', { exact: true }).fill(monthStart);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(new RegExp(`kind=tax&from=${monthStart}&to=${today}`));
    const tax = (await (await context.request.get(shop.api(`/reports/tax?from=${monthStart}&to=${today}`))).json())
      .report as { total: { tax: number; orders: number } };
    expect(tax.total.orders).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByTestId('book-total').textContent()).toContain(usd(tax.total.tax));
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'books-tax-desktop');

    // The ageing: the order still owing is listed with a link to it.
    await page.getByLabel('Report', { exact: true }).selectOption('ageing');
    const link = page.getByRole('link', { name: owing.order_number });
    await link.waitFor();
    expect(await axeClean(page)).toEqual([]);
    await screenshot(page, 'books-ageing-desktop');
    expect(await page.getByRole('link', { name: paid.order_number }).count()).toBe(0);

    // The accounting export for the month, read back: the invoices add up to the orders' totals.
    await page.getByLabel('Report', { exact: true }).selectOption('money');
    await page.getByLabel('From', { exact: true }).fill(monthStart);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(new RegExp(`from=${monthStart}`));
    const invoices = await csvOf(page, 'Accounting: invoices');
    expect(invoices.name).toBe(`accounting-invoices-${monthStart}-to-${today}.csv`);
    const head = invoices.rows[0]!;
    expect(head.slice(0, 6)).toEqual([
      'ContactName',
      'EmailAddress',
      'InvoiceNumber',
      'Reference',
      'InvoiceDate',
      'DueDate',
    ]);
    const invoiceSum = (n: string) =>
      invoices.rows
        .filter((r) => r[head.indexOf('InvoiceNumber')] === n)
        .reduce((s, r) => s + Number(r[head.indexOf('LineAmount')]) + Number(r[head.indexOf('TaxAmount')]), 0);
    expect(invoiceSum(paid.order_number)).toBeCloseTo(paid.total, 2);
    expect(invoiceSum(owing.order_number)).toBeCloseTo(owing.total, 2);
    // A cancelled order is no sale: no invoice; its payment and refund are in the payments file.
    expect(invoiceSum(cancelled.order_number)).toBe(0);
    const payments = await csvOf(page, 'Accounting: payments');
    const theirs = payments.rows.filter((r) => r[5] === cancelled.order_number).map((r) => Number(r[1]));
    expect(theirs.sort((a, b) => a - b)).toEqual([-cancelled.total, cancelled.total]);

    // On a phone the cash-up reads without sideways scrolling and stays clean.
    const phone = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.phone });
    await phone.page.goto(`/admin/reports?kind=money&from=${today}&to=${today}`);
    await phone.page.getByTestId('book-total').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    expect(await axeClean(phone.page)).toEqual([]);
    await screenshot(phone.page, 'books-money-phone');
  });

  test("an invoice prints the shop's details as settings hold them", async ({ signedInPage, shop }) => {
    const { page, context } = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.desktop });
    const before = (await (await context.request.get(shop.api('/settings/identity'))).json()).identity;
    try {
      await page.goto('/admin/settings');
      const form = page.getByRole('form', { name: "The shop's details" });
      await form.getByLabel('Trading name').fill('Saguaro Stitch Works');
      await form.getByLabel('Legal name').fill('Saguaro Stitch Works Inc.');
      await form.getByLabel('Street address').fill('88 E Van Buren St');
      await form.getByLabel('City').fill('Tempe');
      await form.getByLabel('Tax id (optional)').fill('TPT 21-404040');
      expect(await axeClean(page)).toEqual([]);
      await screenshot(page, 'books-identity-settings');
      await form.getByRole('button', { name: "Save the shop's details" }).click();
      await page.getByText('New invoices, statements, slips and mails print').waitFor();

      const customer = await signedInPage(uniqueEmail('books-inv'));
      const req = customer.context.request;
      const { products } = await (await req.get(shop.api('/products/'))).json();
      await req.post(shop.api('/cart/items'), {
        data: { product_id: products[0].id, size: products[0].sizes[1].label, quantity: 1, customizations: {} },
      });
      const placed = await req.post(shop.api('/orders/'), { data: { fulfillment: 'pickup' } });
      expect(placed.status()).toBe(201);
      const order = (await placed.json()).order as { id: number };
      const { url } = await (await context.request.get(shop.api(`/orders/${order.id}/invoice-link`))).json();
      await page.goto(new URL(url).pathname);
      await page.getByTestId('invoice').waitFor();

      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'print-')), 'books-invoice.pdf');
      await page.emulateMedia({ media: 'print' });
      await page.pdf({ path: file, format: 'Letter', printBackground: true });
      const { text } = await pdfText(file);
      await screenshot(page, 'books-invoice-print');
      expect(text).toContain('Saguaro Stitch Works');
      expect(text).toContain('Saguaro Stitch Works Inc.');
      expect(text).toContain('88 E Van Buren St, Tempe, AZ');
      expect(text).toContain('Tax id TPT 21-404040');
      expect(text).not.toContain('Copper State');
    } finally {
      // The other files of this shop expect its own name back.
      const put = await context.request.put(shop.api('/settings/identity'), {
        data: {
          trading_name: before.trading_name,
          legal_name: before.legal_name,
          street: before.address.street,
          city: before.address.city,
          region: before.address.region,
          postal_code: before.address.postal_code,
          phone: before.phone,
          email: before.email,
          tax_id: before.tax_id,
          logo: before.logo,
        },
      });
      expect(put.ok(), await put.text()).toBe(true);
    }
  });
});
