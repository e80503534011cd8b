import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { pdfText } from './support/pdf-text';
import type { BrowserContext, Page } from 'playwright-core';
import { test } from './support/fixtures';
import { baseUrl, screenshot, uniqueEmail, waitForMail } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';

const api = (p: string) => `${baseUrl()}/api/v1${p}`;
type Placed = { id: number; order_number: string; name: string };

/** One pickup order with one embroidered shirt, placed through the API as the customer would. */
async function placeOrder(context: BrowserContext, name: string, po: string | null): Promise<Placed> {
  const products = (await (await context.request.get(api('/products/'))).json()).products as {
    id: number;
    sizes: { label: string }[];
  }[];
  const product = products[0]!;
  const add = await context.request.post(api('/cart/items'), {
    data: {
      product_id: product.id,
      size: product.sizes[1]!.label,
      quantity: 1,
      customizations: {
        add_name: { enabled: true, position: 'left_side', text: name },
        az_flag: { enabled: true, position: 'right_side' },
      },
    },
  });
  expect(add.ok(), await add.text()).toBe(true);
  const res = await context.request.post(api('/orders/'), { data: { fulfillment: 'pickup', po_number: po } });
  expect(res.status(), await res.text()).toBe(201);
  const { order } = await res.json();
  expect(order.status).toBe('pending');
  return { id: order.id, order_number: order.order_number, name };
}

/** The page printed as the browser prints it (Letter), and its text and page count read back with pdf.js. */
async function printed(page: Page, name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'print-')), `${name}.pdf`);
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: file, format: 'Letter', printBackground: true });
  const { text, pages } = await pdfText(file);
  await page.emulateMedia({ media: 'screen' });
  return { text, pages, file };
}

// Names a run never repeats (letters only, as the embroidery rule allows), so the PDF text proves this run's orders.
const tag = Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
const NAMES = ['ALVAREZ', 'BECKETT', 'CHAVEZ', 'DOMINGO', 'ESPINOZA'].map((n) => `${n} ${tag}`);

describe('production on the shop floor', () => {
  test('moves five pending orders to production at once, prints their sheet and two work orders', async ({
    signedInPage,
  }) => {
    const email = uniqueEmail('crew');
    const customer = await signedInPage(email, { profile: { first: 'Dana', last: 'Crewe' } });
    const staff = await signedInPage(E2E_ADMIN, { profile: { first: 'Shop', last: 'Chief' } });
    try {
      const orders: Placed[] = [];
      for (const [i, name] of NAMES.entries()) orders.push(await placeOrder(customer.context, name, `PO-${tag}-${i}`));

      const { page } = staff;
      await page.goto(`/admin/orders?status=pending&q=${encodeURIComponent(email)}`);
      const rows = page.getByTestId('admin-order-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(5);
      // The filters survive a reload: they live in the URL.
      await page.reload();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(5);
      expect(await page.getByRole('tab', { name: /^Pending/ }).getAttribute('aria-selected')).toBe('true');

      await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
      const bar = page.getByTestId('bulk-bar');
      await bar.getByText('5 selected').waitFor();
      await screenshot(page, 'production-orders-selected-desktop');
      await bar.getByRole('button', { name: 'Move to In production' }).click();
      const dialog = page.getByRole('dialog', { name: 'Move 5 orders to In production?' });
      await dialog.getByLabel('Comments for the customer (shown in the order and e-mail)').fill('On the machines now.');
      await dialog
        .getByLabel('Internal note (staff only, never shown to the customer)')
        .fill(`Batch ${tag} on machine 2`);
      await dialog.getByRole('button', { name: 'Move to In production' }).click();
      await page.getByTestId('bulk-result').getByText('5 orders moved to In production').waitFor();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(0);
      for (const o of orders) {
        const got = (await (await staff.context.request.get(api(`/orders/admin/${o.id}`))).json()).order;
        expect(got.status).toBe('in_production');
      }
      // The customer sees the comments, never the internal note.
      const seen = (await (await customer.context.request.get(api(`/orders/${orders[0]!.id}`))).json()).order;
      expect(JSON.stringify(seen)).toContain('On the machines now.');
      expect(JSON.stringify(seen)).not.toContain(`Batch ${tag}`);

      await page.getByTestId('bulk-result').getByRole('link', { name: 'Production sheet for these 5' }).click();
      const sheet = page.getByTestId('production-sheet');
      await sheet.waitFor();
      for (const o of orders) await sheet.getByText(o.order_number).first().waitFor();
      await screenshot(page, 'production-sheet-desktop');
      const pdf = await printed(page, 'production-sheet');
      for (const o of orders) {
        expect(pdf.text).toContain(o.order_number);
        expect(pdf.text).toContain(o.name);
      }
      expect(pdf.text).toContain("Name - wearer's left chest");
      expect(pdf.text).not.toContain('Admin Menu');
      expect(pdf.pages).toBe(1);
      expect(pdf.text).toContain('Page 1 of 1');
      // Pickup orders not paid yet: the counter collects each one's balance.
      expect(pdf.text).toMatch(/Collect \$\d+\.\d\d/);

      const two = orders.slice(0, 2);
      await page.goto(`/admin/production/work-orders?orders=${two.map((o) => o.id).join(',')}`);
      await expect.poll(() => page.getByTestId('work-order').count(), { timeout: 15_000 }).toBe(2);
      await page.getByRole('img', { name: `QR code: order ${two[1]!.order_number}` }).waitFor();
      const work = await printed(page, 'work-orders');
      expect(work.pages).toBe(2);
      expect(work.text.split('\f')[1]).toContain('Page 2 of 2');
      for (const o of two) {
        expect(work.text).toContain(o.order_number);
        expect(work.text).toContain(o.name);
        expect(work.text).toContain(`PO-${tag}-${orders.indexOf(o)}`);
      }
      expect(work.text).toContain(`Batch ${tag} on machine 2`);

      // The QR code's target opens that order's view.
      await page.goto(`/admin/orders?order=${two[0]!.id}`);
      await page.getByRole('dialog', { name: `Order ${two[0]!.order_number}` }).waitFor();
      expect(staff.consoleErrors).toEqual([]);
    } finally {
      await staff.context.close();
      await customer.context.close();
    }
  });

  test("a staff edit of a pending order reaches the customer's order details and e-mail", async ({ signedInPage }) => {
    const email = uniqueEmail('edited');
    const customer = await signedInPage(email, { profile: { first: 'Eddie', last: 'Torres' } });
    const staff = await signedInPage(E2E_ADMIN, { profile: { first: 'Shop', last: 'Chief' } });
    try {
      const order = await placeOrder(customer.context, `TORRES ${tag}`, null);
      const before = (await (await customer.context.request.get(api(`/orders/${order.id}`))).json()).order;
      const since = Date.now() - 500;

      const { page } = staff;
      await page.goto(`/admin/orders?order=${order.id}`);
      const view = page.getByRole('dialog', { name: `Order ${order.order_number}` });
      await view.getByRole('button', { name: 'Edit items' }).click();
      const edit = page.getByRole('dialog', { name: `Edit items of ${order.order_number}` });
      await edit.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
      await edit
        .getByLabel('Comments for the customer (shown in the order and e-mail)')
        .fill('Three shirts, as asked.');
      await screenshot(page, 'production-edit-items-desktop');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.waitFor({ state: 'detached' });

      const after = (await (await customer.context.request.get(api(`/orders/${order.id}`))).json()).order;
      expect(after.items[0].quantity).toBe(3);
      expect(after.total).toBeGreaterThan(before.total);
      const total = `$${after.total.toFixed(2)}`;
      await view.getByTestId('order-total').filter({ hasText: total }).waitFor();

      const mail = await waitForMail(email, new RegExp(`Order ${order.order_number} changed`), { since });
      expect(mail.text).toContain(total);
      expect(mail.text).toContain('Three shirts, as asked.');

      await customer.page.goto('/orders');
      await customer.page.getByText(order.order_number).first().click();
      const details = customer.page.getByTestId('order-details');
      await details.getByTestId('order-total').filter({ hasText: total }).waitFor();
      await details.getByText('Order edited').waitFor();
      await details.getByText('Three shirts, as asked.').waitFor();
      expect(staff.consoleErrors).toEqual([]);
      expect(customer.consoleErrors).toEqual([]);
    } finally {
      await staff.context.close();
      await customer.context.close();
    }
  });
});
