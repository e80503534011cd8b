import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { pdfText } from './support/pdf-text';
import { test } from './support/fixtures';
import { baseUrl, screenshot, uniqueDigits, uniqueEmail } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';

const api = (p: string) => `${baseUrl()}/api/v1${p}`;
type Product = { id: number; base_name: string; color: string; sizes: { label: string }[] };
type Line = { product: Product; size: string; quantity: number; name?: string; flag?: boolean; at?: string };
type Placed = { id: number; order_number: string };

/** A name the embroidery rule takes (letters only) for each number. */
const letters = (n: number) => `${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + Math.floor(n / 26))}`;
const tag = Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

async function catalogue(context: BrowserContext) {
  const products = (await (await context.request.get(api('/products/'))).json()).products as Product[];
  const cap = products.find((p) => p.sizes.some((s) => s.label === 'S/M'))!;
  const tops = products.filter((p) => p.sizes.some((s) => s.label === '4XL'));
  return { cap, top: tops[0]!, other: tops.find((p) => p.base_name !== tops[0]!.base_name)! };
}

const ADDRESS = { address_line1: '1 Main St', city: 'Mesa', state: 'AZ', zip_code: '85201' };

/** One order placed through the API as the customer would. */
async function placeOrder(context: BrowserContext, lines: Line[], shipping = false): Promise<Placed> {
  for (const l of lines) {
    const add = await context.request.post(api('/cart/items'), {
      data: {
        product_id: l.product.id,
        size: l.size,
        quantity: l.quantity,
        customizations: {
          ...(l.name ? { add_name: { enabled: true, position: l.at ?? 'left_side', text: l.name } } : {}),
          ...(l.flag ? { us_flag: { enabled: true, position: 'right_side' } } : {}),
        },
      },
    });
    expect(add.ok(), await add.text()).toBe(true);
  }
  const res = await context.request.post(api('/orders/'), {
    data: shipping ? { fulfillment: 'shipping', shipping_address: ADDRESS } : { fulfillment: 'pickup' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { order } = await res.json();
  return { id: order.id, order_number: order.order_number };
}

async function printed(page: Page, name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'print-')), `${name}.pdf`);
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: file, format: 'Letter', printBackground: true });
  const { text, pages } = await pdfText(file);
  await page.emulateMedia({ media: 'screen' });
  // The skip link is for the screen: on paper it printed over the last row of page 1.
  expect(text).not.toContain('Skip to content');
  return { text, pages };
}

/** The print view as paper shows it: print media at Letter's width (8.5 in less margins at 96 dpi), the whole page. */
async function printView(page: Page, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 720, height: 1000 });
  await page.emulateMedia({ media: 'print' });
  const dir = path.resolve('artifacts/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize(size);
}

async function moveAll(context: BrowserContext, ids: number[], status: string) {
  const res = await context.request.post(api('/orders/admin/bulk-status'), { data: { order_ids: ids, status } });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).failed).toEqual([]);
}

describe('the floor prints and ships', () => {
  test('prints a pick list and packing slips for orders chosen in the list, counted right', async ({
    signedInPage,
  }) => {
    const email = uniqueEmail('pick');
    const customer = await signedInPage(email, { profile: { first: 'Pat', last: `Picker ${tag}` } });
    const staff = await signedInPage(E2E_ADMIN, { profile: { first: 'Shop', last: 'Chief' } });
    const { cap, top } = await catalogue(customer.context);
    const orders = [
      await placeOrder(customer.context, [
        // A cap takes a name on its front only.
        { product: cap, size: 'L/XL', quantity: 2, name: `ONE ${tag}`, at: 'front' },
        { product: top, size: '4XL', quantity: 1, flag: true },
      ]),
      await placeOrder(customer.context, [
        { product: cap, size: 'S/M', quantity: 3 },
        { product: top, size: 'XS', quantity: 4, name: `TWO ${tag}`, flag: true },
      ]),
      await placeOrder(customer.context, [{ product: top, size: '4XL', quantity: 5 }], true),
    ];
    const { page } = staff;
    await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    const rows = page.getByTestId('admin-order-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
    await page.getByTestId('bulk-bar').getByRole('link', { name: 'Pick list' }).click();
    await page.getByTestId('pick-list').waitFor();
    await screenshot(page, 'pick-list-desktop');
    const pick = await printed(page, 'pick-list');
    expect(pick.pages).toBe(1);
    expect(pick.text).toContain('Page 1 of 1');
    expect(pick.text).toContain('3 orders · 15 pieces');
    const capSizes = cap.sizes.map((s) => s.label);
    // The cap's sizes in its own order (S/M before L/XL), with its counts under them.
    expect(pick.text).toContain(capSizes.join(' '));
    const capCounts = capSizes.map((s) => ({ 'S/M': '3', 'L/XL': '2' })[s] ?? '–').join(' ');
    expect(pick.text).toContain(`${cap.base_name} ${cap.color} ${capCounts} 5`);
    const topCounts = top.sizes.map((s) => ({ XS: '4', '4XL': '6' })[s.label] ?? '–').join(' ');
    expect(pick.text).toContain(`${top.base_name} ${top.color} ${topCounts} 10`);
    // The cap's names go on its front: a column of their own, in the total.
    expect(pick.text).toMatch(/Names 4 Wearer's left chest – Wearer's right chest 2 front 6/);
    expect(pick.text).toMatch(/US flag patches – Left sleeve +5 Right sleeve – 5/);
    expect(pick.text).not.toContain('Admin Menu');

    await page.goto(`/admin/production/packing-slips?orders=${orders.map((o) => o.id).join(',')}`);
    await expect.poll(() => page.getByTestId('packing-slip').count(), { timeout: 15_000 }).toBe(3);
    await screenshot(page, 'packing-slips-desktop');
    const slips = await printed(page, 'packing-slips');
    expect(slips.pages).toBe(3);
    const pages = slips.text.split('\f');
    for (const [i, o] of orders.entries()) {
      expect(pages[i]).toContain(o.order_number);
      expect(pages[i]).toContain(`Page ${i + 1} of 3`);
    }
    expect(pages[2]).toContain('SHIP TO');
    expect(pages[2]).toContain('1 Main St');
    expect(pages[2]).toMatch(/Pieces 5/);
    expect(pages[1]).toContain(`Name - wearer's left chest: TWO ${tag}`);
    expect(slips.text).not.toContain('$');
    await page.getByLabel('Show prices').check();
    const priced = await printed(page, 'packing-slips-priced');
    expect(priced.text).toContain('Order total $');
    expect(staff.consoleErrors).toEqual([]);
  });

  test('ships 20 orders from a tracking CSV: a preview with the bad row, then only the good rows', async ({
    signedInPage,
  }) => {
    const email = uniqueEmail('ship');
    const customer = await signedInPage(email, { profile: { first: 'Sam', last: 'Shipper' } });
    const staff = await signedInPage(E2E_ADMIN, { profile: { first: 'Shop', last: 'Chief' } });
    const { top } = await catalogue(customer.context);
    const orders: Placed[] = [];
    for (let i = 0; i < 20; i += 1)
      orders.push(await placeOrder(customer.context, [{ product: top, size: 'M', quantity: 1 }], true));
    await moveAll(
      staff.context,
      orders.map((o) => o.id),
      'in_production',
    );
    const run = uniqueDigits().slice(4);
    const tracking = (i: number) => `1Z 999 AA1 01${String(i).padStart(2, '0')} ${run} 84`;
    const csv = [
      'Order number,Carrier,Tracking number',
      ...orders.map((o, i) => `${o.order_number},UPS,${tracking(i)}`),
      'CSU-1999-999999,UPS,1Z999AA10123456784',
    ].join('\n');

    const { page } = staff;
    await page.goto('/admin/orders');
    await page.getByRole('link', { name: 'Import tracking CSV' }).click();
    await page.getByRole('heading', { name: 'Ship orders' }).waitFor();
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'tracking.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => page.getByLabel('Or paste the rows').inputValue()).toContain(orders[19]!.order_number);
    await page.getByLabel('Ship orders that still owe money').check();
    await page.getByRole('button', { name: 'Check' }).click();
    const preview = page.getByTestId('ship-preview');
    await preview.getByText('20 of 21 rows ready to ship; 1 with a problem (not shipped if you go on)').waitFor();
    await preview.getByText('No order has this number').waitFor();
    await screenshot(page, 'ship-csv-preview-desktop');
    // Nothing has shipped yet.
    const first = (await (await staff.context.request.get(api(`/orders/admin/${orders[0]!.id}`))).json()).order;
    expect(first.status).toBe('in_production');

    await page.getByRole('button', { name: 'Ship 20 orders' }).click();
    await page.getByTestId('ship-result').getByText('20 orders shipped; 1 row not shipped').waitFor();
    await screenshot(page, 'ship-csv-result-desktop');
    for (const [i, o] of orders.entries()) {
      const got = (await (await staff.context.request.get(api(`/orders/admin/${o.id}`))).json()).order;
      expect(got).toMatchObject({
        status: 'shipped',
        carrier: 'UPS',
        tracking_number: tracking(i).replace(/ /g, ''),
        tracking_url: `https://www.ups.com/track?tracknum=${tracking(i).replace(/ /g, '')}`,
      });
    }
    expect(staff.consoleErrors).toEqual([]);
  });

  test('ships two orders chosen in the list by typing carrier and tracking into the table', async ({
    signedInPage,
  }) => {
    const email = uniqueEmail('typed');
    const customer = await signedInPage(email, { profile: { first: 'Tia', last: 'Typed' } });
    const staff = await signedInPage(E2E_ADMIN, { profile: { first: 'Shop', last: 'Chief' } });
    const { top } = await catalogue(customer.context);
    const orders = [
      await placeOrder(customer.context, [{ product: top, size: 'L', quantity: 1 }], true),
      await placeOrder(customer.context, [{ product: top, size: 'XL', quantity: 2 }], true),
    ];
    await moveAll(
      staff.context,
      orders.map((o) => o.id),
      'in_production',
    );
    const { page } = staff;
    await page.goto(`/admin/orders?status=in_production&q=${encodeURIComponent(email)}`);
    const rows = page.getByTestId('admin-order-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
    await page.getByTestId('bulk-bar').getByRole('link', { name: 'Ship with tracking' }).click();
    const [a, b] = orders as [Placed, Placed];
    await page.getByLabel(`Carrier for ${a.order_number}`).fill('FedEx');
    const digits = uniqueDigits();
    await page
      .getByLabel(`Tracking number for ${a.order_number}`)
      .fill(`1234-${digits.slice(0, 4)}-${digits.slice(4)}`);
    await page.getByLabel(`Carrier for ${b.order_number}`).fill('UPS');
    await page.getByLabel(`Tracking number for ${b.order_number}`).fill('1Z999');
    await page.getByLabel('Ship orders that still owe money').check();
    await page.getByRole('button', { name: 'Check' }).click();
    const preview = page.getByTestId('ship-preview');
    await preview.getByText('A UPS tracking number is 1Z followed by 16 letters and digits').waitFor();
    await screenshot(page, 'ship-table-preview-desktop');
    await page
      .getByLabel(`Tracking number for ${b.order_number}`)
      .fill(`1Z 999 AA1 ${digits.slice(0, 4)} ${digits.slice(4)} 84`);
    await page.getByRole('button', { name: 'Check' }).click();
    await preview.getByText('2 of 2 rows ready to ship').waitFor();
    await page.getByRole('button', { name: 'Ship 2 orders' }).click();
    await page.getByTestId('ship-result').getByText('2 orders shipped').waitFor();
    const got = (await (await staff.context.request.get(api(`/orders/admin/${a.id}`))).json()).order;
    expect(got).toMatchObject({ status: 'shipped', carrier: 'FedEx', tracking_number: `1234${digits}` });
    expect(staff.consoleErrors).toEqual([]);
  });

  test('the production sheet of 85 orders with its pick list prints on numbered Letter pages', async ({
    signedInPage,
  }) => {
    const customers = await Promise.all(
      ['Ava', 'Ben', 'Cal', 'Dee', 'Eli'].map((first) =>
        signedInPage(uniqueEmail('floor'), { profile: { first, last: `Floor ${tag}` } }),
      ),
    );
    const staff = await signedInPage(E2E_ADMIN, { profile: { first: 'Shop', last: 'Chief' } });
    const { cap, top, other } = await catalogue(customers[0]!.context);
    const sizes = ['S', 'M', 'L', 'XL', '2XL'];
    const orders: Placed[] = [];
    for (let i = 0; i < 85; i += 5) {
      const batch = await Promise.all(
        customers.map((c, j) =>
          placeOrder(c.context, [
            {
              product: (i + j) % 2 ? top : other,
              size: sizes[(i + j) % sizes.length]!,
              quantity: 1 + ((i + j) % 3),
              name: `CREW ${letters(i + j)}`,
            },
            ...((i + j) % 4 === 0 ? [{ product: cap, size: (i + j) % 8 ? 'S/M' : 'L/XL', quantity: 1 }] : []),
          ]),
        ),
      );
      orders.push(...batch);
    }
    const ids = orders.map((o) => o.id).join(',');
    const { page } = staff;
    await page.goto(`/admin/production?orders=${ids}&pick=1`);
    await page.getByTestId('pick-list').waitFor();
    await page.getByTestId('production-sheet').getByText(orders[84]!.order_number).first().waitFor();
    await screenshot(page, 'production-85-screen-desktop');
    await printView(page, 'production-85-print-view');
    const pdf = await printed(page, 'production-85');
    expect(pdf.pages).toBeGreaterThan(3);
    const pages = pdf.text.split('\f');
    for (const [i, text] of pages.entries()) expect(text).toContain(`Page ${i + 1} of ${pdf.pages}`);
    // The pick list is the first page, the sheet starts on the next.
    expect(pages[0]).toContain('Pick list');
    expect(pages[0]).toContain('85 orders');
    expect(pages[0]).not.toContain('Production sheet');
    expect(pages[1]).toContain('Production sheet');
    for (const o of orders) expect(pdf.text).toContain(o.order_number);
    expect(staff.consoleErrors).toEqual([]);
  }, 240_000);
});
