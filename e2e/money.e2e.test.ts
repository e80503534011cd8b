import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { pdfText } from './support/pdf-text';
import { startSession } from './support/session';
import { baseUrl, launchBrowser, newPage, screenshot, uniqueDigits, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { signedInState, type StorageState } from './support/people';

// Money you can trust: the account of an order on the staff and the customer screens. Staff: a goodwill
// refund, cancel and refund, shipping unpaid asked and recorded, the pickup receipt printed and read back. The
// customer: a shipping order by invoice, a cancelled order that owes nothing, an order the allowance covers.
let browser: Browser;
let adminState: StorageState;
beforeAll(async () => {
  browser = await launchBrowser();
  adminState = await signedInState(browser, E2E_ADMIN);
});
afterAll(async () => {
  await browser?.close();
});

const api = (p: string) => `${baseUrl()}/api/v1${p}`;
const usd = (n: number) => `$${n.toFixed(2)}`;
type Placed = { id: number; order_number: string; total: number };

async function asStaff(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), storageState: adminState });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

async function customer(email: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const opened = await newPage(browser, viewport);
  await startSession(opened.context, email);
  const res = await opened.context.request.put(api('/users/profile/'), {
    data: {
      first_name: 'Lee',
      last_name: 'Money',
      phone: '6025550177',
      address_line1: '100 W Washington St',
      city: 'Phoenix',
      state: 'AZ',
      zip_code: '85003',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return opened;
}

async function addLine(context: BrowserContext, quantity = 1) {
  const products = (await (await context.request.get(api('/products/'))).json()).products as {
    id: number;
    sizes: { label: string }[];
  }[];
  const add = await context.request.post(api('/cart/items'), {
    data: { product_id: products[0]!.id, size: products[0]!.sizes[1]!.label, quantity, customizations: {} },
  });
  expect(add.ok(), await add.text()).toBe(true);
}

async function placeOrder(context: BrowserContext, body: object = { fulfillment: 'pickup' }): Promise<Placed> {
  await addLine(context);
  const res = await context.request.post(api('/orders/'), { data: body });
  expect(res.status(), await res.text()).toBe(201);
  const { order } = await res.json();
  return { id: order.id, order_number: order.order_number, total: order.total };
}

async function openOrder(page: Page, o: Placed): Promise<Locator> {
  await page.goto(`/admin/orders?order=${o.id}`);
  const view = page.getByRole('dialog', { name: `Order ${o.order_number}` });
  await view.getByTestId('payment-summary').waitFor();
  return view;
}
const badge = (view: Locator) => view.getByTestId('payment-summary').getByTestId('payment-status');
const staffPost = (context: BrowserContext, path: string, data: object) =>
  context.request.post(api(`/orders/admin/${path}`), { data });
const staffStatus = (context: BrowserContext, id: number, data: object) =>
  context.request.put(api(`/orders/${id}/status`), { data });

describe('staff money journeys', () => {
  it('a goodwill refund on an order paid by cheque: the dialog starts empty, and no balance follows', async () => {
    const buyer = await customer(uniqueEmail('goodwill'));
    const staff = await asStaff();
    try {
      const order = await placeOrder(buyer.context);
      expect(
        (await staffPost(staff.context, `${order.id}/payments`, { amount: order.total, method: 'check' })).status(),
      ).toBe(200);
      const { page } = staff;
      const view = await openOrder(page, order);
      expect(await badge(view).textContent()).toBe('Paid');
      await view.getByRole('button', { name: 'Refund' }).click();
      const dialog = page.getByRole('dialog', { name: `Refund on ${order.order_number}` });
      expect(await dialog.getByLabel('Amount to refund ($)').inputValue()).toBe('');
      expect(await dialog.getByTestId('refund-balance').textContent()).toBe('$0.00');
      expect(await dialog.getByTestId('refund-effect').textContent()).toContain('lowers what the order owes');
      await dialog.getByLabel('Amount to refund ($)').fill('5');
      await dialog.getByLabel('How it goes back').selectOption('check');
      // A reason is asked for.
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await dialog.getByText('Give a reason').waitFor();
      await dialog.getByLabel('Reason').fill('Late delivery');
      await screenshot(page, 'money-refund-dialog-desktop');
      await page.setViewportSize(VIEWPORTS.phone);
      await screenshot(page, 'money-refund-dialog-phone');
      await page.setViewportSize(VIEWPORTS.desktop);
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await dialog.waitFor({ state: 'detached' });
      await badge(view).filter({ hasText: 'Partly refunded' }).waitFor();
      expect(await view.getByTestId('payment-balance').textContent()).toBe('$0.00');
      await view.getByTestId('payment-credit').filter({ hasText: 'Late delivery' }).waitFor();
      await screenshot(page, 'money-goodwill-refund-desktop');
      const got = (await (await staff.context.request.get(api(`/orders/admin/${order.id}`))).json()).order;
      expect(got.payment).toMatchObject({ status: 'partially_refunded', balance: 0 });
      const unpaid = await staff.context.request.get(
        api(`/orders/admin/all?payment=unpaid&search=${order.order_number}`),
      );
      expect((await unpaid.json()).orders).toEqual([]);
      expect(staff.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    } finally {
      await staff.context.close();
      await buyer.context.close();
    }
  });

  it('a credit: the form asks for what is missing, shows the server refusal under the amount, then lowers the balance', async () => {
    const buyer = await customer(uniqueEmail('credit'));
    const staff = await asStaff();
    try {
      const order = await placeOrder(buyer.context);
      const { page } = staff;
      const view = await openOrder(page, order);
      await view.getByRole('button', { name: 'Credit' }).click();
      const dialog = page.getByRole('dialog', { name: `Credit on ${order.order_number}` });
      await dialog.getByRole('button', { name: 'Credit' }).click();
      await dialog.getByText('Enter an amount').waitFor();
      await dialog.getByText('Give a reason').waitFor();
      // More than is owed passes the shared rules; the server refuses it, and its words land under the amount.
      await dialog.getByLabel('Amount to credit ($)').fill(`$${(order.total + 100).toFixed(2)}`);
      await dialog.getByLabel('Reason').fill('Price match');
      await dialog.getByRole('button', { name: 'Credit' }).click();
      await dialog.getByText(`At most the ${usd(order.total)} the order owes can be credited`).waitFor();
      await dialog.getByLabel('Amount to credit ($)').fill('$5');
      await dialog.getByRole('button', { name: 'Credit' }).click();
      await dialog.waitFor({ state: 'detached' });
      await view
        .getByTestId('payment-balance')
        .filter({ hasText: usd(order.total - 5) })
        .waitFor();
      expect(staff.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    } finally {
      await staff.context.close();
      await buyer.context.close();
    }
  });

  it('cancel and refund a paid order: Refunded, balance $0.00', async () => {
    const buyer = await customer(uniqueEmail('cancelrefund'));
    const staff = await asStaff();
    try {
      const order = await placeOrder(buyer.context);
      await staffPost(staff.context, `${order.id}/payments`, { amount: order.total, method: 'cash' });
      const { page } = staff;
      const view = await openOrder(page, order);
      await view.getByLabel('New status').selectOption('cancelled');
      await view.getByRole('button', { name: 'Update status' }).click();
      const ask = page.getByRole('dialog', { name: `Cancel ${order.order_number}?` });
      await ask.getByRole('button', { name: `Cancel and refund ${usd(order.total)}` }).click();
      await ask.waitFor({ state: 'detached' });
      await badge(view)
        .filter({ hasText: /^Refunded$/ })
        .waitFor();
      expect(await view.getByTestId('payment-balance').textContent()).toBe('$0.00');
      await screenshot(page, 'money-cancel-refund-desktop');
      const seen = (await (await buyer.context.request.get(api(`/orders/${order.id}`))).json()).order;
      expect(seen.payment).toMatchObject({ status: 'refunded', balance: 0, amount_due: 0 });
      expect(staff.errors).toEqual([]);
    } finally {
      await staff.context.close();
      await buyer.context.close();
    }
  });

  it('shipping an order that owes money is asked, with a used label in the same question, and the timeline records the yes', async () => {
    const buyer = await customer(uniqueEmail('shipunpaid'));
    const staff = await asStaff();
    const shipAddress = { address_line1: '1 Main St', city: 'Mesa', state: 'AZ', zip_code: '85201' };
    try {
      const order = await placeOrder(buyer.context, {
        fulfillment: 'shipping',
        payment_method: 'invoice',
        shipping_address: shipAddress,
      });
      expect((await staffStatus(staff.context, order.id, { status: 'in_production' })).status()).toBe(200);
      // Another parcel already left with the label staff are about to type.
      const used = `1Z999AA1${uniqueDigits()}84`;
      const earlier = await placeOrder(buyer.context, { fulfillment: 'shipping', shipping_address: shipAddress });
      await staffStatus(staff.context, earlier.id, { status: 'in_production' });
      const sent = await staffStatus(staff.context, earlier.id, {
        status: 'shipped',
        carrier: 'UPS',
        tracking_number: used,
        allow_unpaid: true,
      });
      expect(sent.status()).toBe(200);
      // The unpaid question alone, at phone width.
      const phone = await asStaff(VIEWPORTS.phone);
      try {
        const small = await openOrder(phone.page, order);
        await small.getByLabel('New status').selectOption('shipped');
        await small.getByLabel(/Tracking number/).fill(`1Z999AA1${uniqueDigits()}84`);
        await small.getByRole('button', { name: 'Update status' }).click();
        const alone = phone.page.getByRole('dialog', { name: 'Ship with money owed?' });
        await alone.getByText(`${order.order_number} owes ${usd(order.total)}. Ship anyway?`).waitFor();
        await screenshot(phone.page, 'money-ship-unpaid-ask-phone');
      } finally {
        await phone.context.close();
      }
      // Both warnings in one question on the desktop, each confirmed by its own box.
      const { page } = staff;
      const view = await openOrder(page, order);
      await view.getByLabel('New status').selectOption('shipped');
      await view.getByLabel(/Tracking number/).fill(used);
      await view.getByRole('button', { name: 'Update status' }).click();
      const ask = page.getByRole('dialog', { name: 'Ship despite these warnings?' });
      const owes = ask.getByRole('checkbox', { name: `${order.order_number} owes ${usd(order.total)}. Ship anyway?` });
      const reused = ask.getByRole('checkbox', { name: new RegExp(`already on order ${earlier.order_number}`) });
      const ship = ask.getByRole('button', { name: 'Ship anyway' });
      await owes.check();
      expect(await ship.isDisabled()).toBe(true);
      await reused.check();
      await screenshot(page, 'money-ship-unpaid-ask-desktop');
      await ship.click();
      await ask.waitFor({ state: 'detached' });
      await view
        .getByText(`Shipped unpaid, as staff confirmed: ${order.order_number} owes ${usd(order.total)}`)
        .waitFor();
      const got = (await (await staff.context.request.get(api(`/orders/admin/${order.id}`))).json()).order;
      expect(got.status).toBe('shipped');
      // Without the confirmation the API refuses.
      const other = await placeOrder(buyer.context, { fulfillment: 'pickup' });
      await staffStatus(staff.context, other.id, { status: 'in_production' });
      await staffStatus(staff.context, other.id, { status: 'ready_for_pickup' });
      const refused = await staffStatus(staff.context, other.id, { status: 'completed' });
      expect(refused.status()).toBe(409);
      expect((await refused.json()).code).toBe('UNPAID_BALANCE');
      // The ship's warnings come as the server's 409, which the browser logs; the screen turns it into the question.
      expect(staff.errors.filter((e) => !/the server responded with a status of 409/.test(e))).toEqual([]);
    } finally {
      await staff.context.close();
      await buyer.context.close();
    }
  });

  it('the pickup receipt: "collect $X", printed from the staff view and read back', async () => {
    const buyer = await customer(uniqueEmail('receipt'));
    const staff = await asStaff();
    try {
      const order = await placeOrder(buyer.context);
      await staffPost(staff.context, `${order.id}/payments`, { amount: 10, method: 'cash', reference: 'Till 3' });
      await staffStatus(staff.context, order.id, { status: 'in_production' });
      await staffStatus(staff.context, order.id, { status: 'ready_for_pickup' });
      const rest = Math.round(order.total * 100 - 1000) / 100;
      const { page } = staff;
      const view = await openOrder(page, order);
      expect(await view.getByTestId('pickup-collect').textContent()).toBe(`Collect ${usd(rest)}`);
      const opened = page.context().waitForEvent('page');
      await view.getByTestId('staff-receipt').click();
      const receipt = await opened;
      await receipt.getByTestId('invoice-balance').waitFor();
      await receipt.emulateMedia({ media: 'print' });
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'receipt-')), 'receipt.pdf');
      await receipt.pdf({ path: file, format: 'Letter', printBackground: true });
      // Read back what the printed sheet says: the order, the payment with its reference, what was paid, the balance.
      const printed = await pdfText(file);
      expect(printed.pages).toBe(1);
      expect(printed.text).toContain(order.order_number);
      expect(printed.text).toContain('Till 3');
      expect(printed.text).toContain('$10.00');
      expect(printed.text).toContain(usd(rest));
      expect(await receipt.getByTestId('invoice-paid').textContent()).toBe('$10.00');
      expect(await receipt.getByTestId('invoice-balance').textContent()).toBe(usd(rest));
      await receipt.emulateMedia({ media: 'screen' });
      await screenshot(receipt, 'money-receipt-desktop');
      expect(staff.errors).toEqual([]);
    } finally {
      await staff.context.close();
      await buyer.context.close();
    }
  });
});

describe('customer money journeys', () => {
  it('a shipping order by invoice: only the ways that apply, and what happens next', async () => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const buyer = await customer(uniqueEmail('invoice'), viewport);
      try {
        await addLine(buyer.context);
        const { page } = buyer;
        await page.goto('/checkout');
        await page.getByRole('radio', { name: /Shipping/ }).click();
        const choice = page.getByRole('radiogroup', { name: 'Payment' });
        await choice.getByRole('radio', { name: /Invoice/ }).waitFor();
        expect(await choice.getByRole('radio', { name: /Pay at pickup/ }).count()).toBe(0);
        await page.getByText('We will e-mail your invoice; we ship once it is paid.').first().waitFor();
        const phone = viewport === VIEWPORTS.phone;
        await screenshot(page, `money-checkout-invoice-${phone ? 'phone' : 'desktop'}`);
        const placed = page.waitForResponse(
          (r) => r.url().endsWith('/api/v1/orders/') && r.request().method() === 'POST',
        );
        await page.getByRole('button', { name: 'Place order' }).click();
        const order = (await (await placed).json()).order as Placed & { payment: { method: string } };
        expect(order.payment.method).toBe('invoice');
        await page.getByTestId('placed-payment-text').filter({ hasText: 'We will e-mail your invoice' }).waitFor();
      } finally {
        await buyer.context.close();
      }
    }
  });

  it('a cancelled order shows nothing owed', async () => {
    const buyer = await customer(uniqueEmail('cancelled'));
    try {
      const order = await placeOrder(buyer.context);
      expect((await buyer.context.request.delete(api(`/orders/${order.id}`))).status()).toBe(200);
      const { page } = buyer;
      await page.goto('/orders');
      const row = page.getByTestId('order-row').filter({ hasText: order.order_number });
      const status = row.locator('[data-testid="payment-status"]:visible');
      await status.first().waitFor();
      expect(await status.first().textContent()).toBe('Nothing to pay');
      await screenshot(page, 'money-cancelled-nothing-owed-desktop');
    } finally {
      await buyer.context.close();
    }
  });

  it('an order the allowance covers reads "Covered by your allowance"', async () => {
    const staff = await asStaff();
    const domain = `${uniqueEmail('cov')
      .split('@')[0]!
      .replace(/[^a-z0-9]/g, '')}.test`;
    const dept = await staff.context.request.post(api('/departments/'), {
      data: {
        name: `Covered Fire ${domain}`,
        domains: [domain],
        requires_approval: false,
        tax_exempt: true,
        allowance_amount: 5000,
        allowance_period_start: '01-01',
        approver_emails: [],
      },
    });
    expect(dept.status(), await dept.text()).toBe(201);
    const buyer = await customer(`member@${domain}`);
    try {
      const order = await placeOrder(buyer.context, { fulfillment: 'pickup' });
      expect(order.total).toBe(0);
      const { page } = buyer;
      await page.goto('/orders');
      const row = page.getByTestId('order-row').filter({ hasText: order.order_number });
      const status = row.locator('[data-testid="payment-status"]:visible');
      await status.first().waitFor();
      expect(await status.first().textContent()).toBe('Covered by your allowance');
      await screenshot(page, 'money-covered-desktop');
    } finally {
      await buyer.context.close();
      await staff.context.close();
    }
  });
});
