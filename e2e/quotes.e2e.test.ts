import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { axeFindings, WCAG_TAGS } from './support/axe';
import type { Browser } from 'playwright-core';
import { baseUrl, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { completeProfile } from './support/people';
import { startSession } from './support/session';
import { test } from './support/fixtures';
import { E2E_ADMIN } from './support/global-setup';
import { pdfText } from './support/pdf-text';
import { codeFromMail } from './support/auth';

// A price quote end to end: the customer asks from the cart, staff price and send it, the mailed link prints the
// quote (read back from its PDF), and its button opens the quote in the shop, where the customer signs in and accepts
// it into an order at the quoted prices.
/** A signed-in page whose context lets axe in (the shop's CSP rightly refuses injected scripts). */
async function signedIn(
  browser: Browser,
  email: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), bypassCSP: true });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await startSession(context, email);
  await completeProfile(context, 'Quinn', 'Quote');
  return { context, page, consoleErrors };
}

const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('quotes', () => {
  test('asked for, priced, sent, printed and accepted', { timeout: 180_000 }, async ({ browser, shop, mailbox }) => {
    const email = uniqueEmail('quote');
    const customer = await signedIn(browser, email);
    const products = (await (await customer.context.request.get(shop.api('/products/'))).json()).products as {
      id: number;
      sizes: { label: string }[];
    }[];
    const add = await customer.context.request.post(shop.api('/cart/items'), {
      data: { product_id: products[0]!.id, size: products[0]!.sizes[1]!.label, quantity: 12, customizations: {} },
    });
    expect(add.ok(), await add.text()).toBe(true);

    // The customer asks from the cart.
    const { page } = customer;
    await page.goto('/quotes/new');
    await page.getByLabel('Anything we should know (optional)').fill('Twelve polos for the front desk');
    await page.getByLabel('Needed by (optional)').fill(dayAfter(30));
    expect(await axeFindings(page, WCAG_TAGS)).toEqual([]);
    await screenshot(page, 'quotes-ask-1280');
    await page.getByTestId('ask-quote-submit').click();
    const heading = page.getByRole('heading', { level: 1, name: /^Quote Q-\d{6}$/ });
    await heading.waitFor();
    const quoteNumber = (await heading.textContent())!.replace('Quote ', '');
    const quoteId = Number(new URL(page.url()).pathname.split('/').at(-1));
    expect(await page.getByTestId('quote-status').textContent()).toBe('Requested');

    // Staff price it: a garment price, a setup fee, a discount, a valid-until day, then send it.
    const staff = await signedIn(browser, E2E_ADMIN);
    await staff.page.goto('/admin/quotes?status=requested');
    await staff.page.getByRole('link', { name: new RegExp(quoteNumber) }).click();
    await staff.page.getByTestId('quote-unit-price').first().fill('19.00');
    await staff.page.getByLabel('Setup fee ($)').fill('25.00');
    await staff.page.getByLabel('Discount ($)').fill('5.00');
    await staff.page.getByLabel('Valid until').fill(dayAfter(14));
    await staff.page.getByLabel('Message to the customer (optional)').fill('Embroidery included next time');
    await staff.page.getByTestId('save-quote').click();
    await staff.page.getByTestId('admin-quote-setup_fee').waitFor();
    expect(await staff.page.getByTestId('admin-quote-setup_fee').textContent()).toBe('$25.00');
    expect(await axeFindings(staff.page, WCAG_TAGS)).toEqual([]);
    await screenshot(staff.page, 'quotes-editor-1280');
    await staff.page.getByTestId('send-quote').click();
    await staff.page.getByText('Sent', { exact: true }).first().waitFor();

    // The mail's signed link opens the printable quote; its PDF says what was quoted.
    const mail = await mailbox.waitFor(email, new RegExp(`Your quote ${quoteNumber} is ready`));
    const link = /https?:\/\/\S+\/quote\/[A-Za-z0-9._-]+/.exec(mail.text)![0];
    const print = await customer.context.newPage();
    await print.goto(new URL(link).pathname);
    await print.getByTestId('quote-sheet').waitFor();
    expect(await axeFindings(print, WCAG_TAGS)).toEqual([]);
    await screenshot(print, 'quotes-print-1280');
    await print.emulateMedia({ media: 'print' });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quote-')), 'quote.pdf');
    await print.pdf({ path: file, format: 'Letter', printBackground: true });
    const printed = await pdfText(file);
    expect(printed.pages).toBe(1);
    expect(printed.text).toContain(quoteNumber);
    expect(printed.text).toContain('Setup fee');
    expect(printed.text).toContain('$25.00');
    expect(printed.text).toContain('$19.00');
    expect(printed.text).toContain('Discount');

    // The mail's button opens the quote in the shop: signed out (another browser), the customer signs in and comes
    // back to the quote, then accepts it: an order at the quoted prices.
    const seen = (await (await customer.context.request.get(shop.api(`/quotes/${quoteId}`))).json()).quote as {
      total: number;
    };
    const inShop = new RegExp(`https?://\\S+/quotes/${quoteId}(?=\\s|$)`, 'm').exec(mail.text)![0];
    const elsewhere = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl(), bypassCSP: true });
    const mailed = await elsewhere.newPage();
    await mailed.goto(new URL(inShop).pathname);
    const since = Date.now();
    await mailed.getByLabel('Email Address').fill(email);
    await mailed.getByRole('button', { name: /send code/i }).click();
    const pin = codeFromMail(await mailbox.waitFor(email, /code/i, { since }));
    for (let i = 0; i < pin.length; i += 1) await mailed.getByLabel(`Digit ${i + 1} of 6`).fill(pin[i]!);
    await mailed.waitForURL((url) => url.pathname === `/quotes/${quoteId}`);
    await mailed.getByTestId('accept-quote').waitFor();
    expect(await axeFindings(mailed, WCAG_TAGS)).toEqual([]);
    await screenshot(mailed, 'quotes-detail-1280');
    await mailed.getByTestId('accept-quote').click();
    await mailed.waitForURL(/\/orders\?order=\d+/);
    const orderId = Number(new URL(mailed.url()).searchParams.get('order'));
    const order = (await (await customer.context.request.get(shop.api(`/orders/${orderId}`))).json()).order as {
      total: number;
      items: { unit_base_price: number }[];
    };
    expect(order.total).toBe(seen.total);
    expect(order.items[0]!.unit_base_price).toBe(19);
    const after = (await (await customer.context.request.get(shop.api(`/quotes/${quoteId}`))).json()).quote;
    expect(after.status).toBe('accepted');
    await elsewhere.close();
    expect(customer.consoleErrors).toEqual([]);
  });

  test('the quote screens are axe-clean on a phone', { timeout: 120_000 }, async ({ browser, shop }) => {
    const email = uniqueEmail('quote-phone');
    const customer = await signedIn(browser, email, VIEWPORTS.phone);
    const products = (await (await customer.context.request.get(shop.api('/products/'))).json()).products as {
      id: number;
      sizes: { label: string }[];
    }[];
    await customer.context.request.post(shop.api('/cart/items'), {
      data: { product_id: products[1]!.id, size: products[1]!.sizes[0]!.label, quantity: 2, customizations: {} },
    });
    const asked = await customer.context.request.post(shop.api('/quotes'), { data: { note: 'Phone check' } });
    expect(asked.status(), await asked.text()).toBe(201);
    const id = (await asked.json()).quote.id as number;
    for (const url of ['/quotes/new', '/quotes', `/quotes/${id}`]) {
      await customer.page.goto(url);
      await customer.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await axeFindings(customer.page, WCAG_TAGS), url).toEqual([]);
      await screenshot(customer.page, `quotes-${url.replace(/\W+/g, '-')}-390`);
    }
    const staff = await signedIn(browser, E2E_ADMIN, VIEWPORTS.phone);
    await staff.page.goto('/admin/quotes');
    await staff.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await axeFindings(staff.page, WCAG_TAGS), '/admin/quotes').toEqual([]);
    await screenshot(staff.page, 'quotes-admin-quotes-390');

    // Staff start a quote from the customer's record (a phone request) with a need-by day; the editor shows it.
    const customerId = (await asked.json()).quote.customer.id as number;
    await staff.page.goto(`/admin/customers/${customerId}/new-quote`);
    await staff.page.getByRole('heading', { level: 1, name: /^Start a quote for / }).waitFor();
    await staff.page.getByLabel('Add a product').selectOption(String(products[1]!.id));
    await staff.page.getByRole('button', { name: 'Add line' }).click();
    await staff.page.getByLabel('Needed by (optional)').fill(dayAfter(21));
    expect(await axeFindings(staff.page, WCAG_TAGS), 'start a quote').toEqual([]);
    await screenshot(staff.page, 'quotes-start-390');
    await staff.page.getByTestId('start-quote').click();
    await staff.page.waitForURL(/\/admin\/quotes\/\d+$/);
    const needBy = staff.page.getByTestId('admin-quote-need-by');
    await needBy.waitFor();
    expect(await needBy.textContent()).toMatch(/^Needed by /);
    expect(await axeFindings(staff.page, WCAG_TAGS), 'the editor').toEqual([]);
    await screenshot(staff.page, 'quotes-admin-quote-390');
    expect(staff.consoleErrors).toEqual([]);
  });
});
