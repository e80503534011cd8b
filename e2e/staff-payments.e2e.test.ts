import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startSession } from './support/session';
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { signedInState, type StorageState } from './support/people';

// Staff take money at the counter: a cash payment in two parts, an overpayment that needs confirming,
// the list's "Unpaid" filter, a paid order's cancellation and a department's statement.
let browser: Browser;
/** The admin signs in once: sign-in codes are rate limited per address. */
let adminState: StorageState;
beforeAll(async () => {
  browser = await launchBrowser();
  adminState = await signedInState(browser, E2E_ADMIN);
});
afterAll(async () => {
  await browser?.close();
});

const api = (p: string) => `${baseUrl()}/api/v1${p}`;
type Placed = { id: number; order_number: string; total: number };
type Entry = {
  kind: string;
  method: string;
  amount: number;
  reference: string | null;
  recorded_by?: { email: string };
};

/** The admin at a viewport, from the one signed-in state. */
async function asStaff(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), storageState: adminState });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  return { context, page, consoleErrors };
}

async function signedIn(email: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const opened = await newPage(browser, viewport);
  await startSession(opened.context, email);
  const res = await opened.context.request.put(api('/users/profile/'), {
    data: { first_name: 'Pat', last_name: 'Counter', phone: '6025550123', zip_code: '85004' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return opened;
}

/** One pickup order of one plain shirt, placed through the API as the customer would. */
async function placeOrder(context: BrowserContext, po: string | null = null): Promise<Placed> {
  const products = (await (await context.request.get(api('/products/'))).json()).products as {
    id: number;
    sizes: { label: string }[];
  }[];
  const add = await context.request.post(api('/cart/items'), {
    data: { product_id: products[0]!.id, size: products[0]!.sizes[1]!.label, quantity: 1, customizations: {} },
  });
  expect(add.ok(), await add.text()).toBe(true);
  const res = await context.request.post(api('/orders/'), { data: { fulfillment: 'pickup', po_number: po } });
  expect(res.status(), await res.text()).toBe(201);
  const { order } = await res.json();
  return { id: order.id, order_number: order.order_number, total: order.total };
}

const usd = (n: number) => `$${n.toFixed(2)}`;

async function openOrder(page: Page, o: Placed): Promise<Locator> {
  await page.goto(`/admin/orders?order=${o.id}`);
  const view = page.getByRole('dialog', { name: `Order ${o.order_number}` });
  await view.getByTestId('payment-summary').waitFor();
  return view;
}

async function recordPayment(page: Page, view: Locator, amount: string | null, reference: string) {
  await view.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: /^Record a payment on/ });
  const field = dialog.getByLabel('Amount received ($)');
  if (amount !== null) await field.fill(amount);
  await dialog.getByLabel('How it was paid').selectOption('cash');
  await dialog.getByLabel('Reference (optional)').fill(reference);
  return dialog;
}

const paymentBadge = (view: Locator) => view.getByTestId('payment-summary').getByTestId('payment-status');

describe('staff record payments', () => {
  it('a cash payment at pickup in two parts: Partially paid, then Paid, both on the ledger under the staff member', async () => {
    const email = uniqueEmail('counter');
    const customer = await signedIn(email);
    const staff = await asStaff();
    try {
      const order = await placeOrder(customer.context);
      const { page } = staff;
      const view = await openOrder(page, order);
      expect(await paymentBadge(view).textContent()).toBe('Unpaid');
      await screenshot(page, 'payments-order-unpaid-desktop');

      const first = await recordPayment(page, view, null, 'Till 1');
      // The amount starts at the balance.
      expect(await first.getByLabel('Amount received ($)').inputValue()).toBe(order.total.toFixed(2));
      await first.getByLabel('Amount received ($)').fill('10');
      await screenshot(page, 'payments-record-dialog-desktop');
      await first.getByRole('button', { name: 'Record payment' }).click();
      await first.waitFor({ state: 'detached' });
      await paymentBadge(view).filter({ hasText: 'Partially paid' }).waitFor();
      const rest = Math.round(order.total * 100 - 1000) / 100;
      await view
        .getByTestId('payment-balance')
        .filter({ hasText: usd(rest) })
        .waitFor();

      const second = await recordPayment(page, view, null, 'Till 1, rest');
      expect(await second.getByLabel('Amount received ($)').inputValue()).toBe(rest.toFixed(2));
      await second.getByRole('button', { name: 'Record payment' }).click();
      await second.waitFor({ state: 'detached' });
      await paymentBadge(view)
        .filter({ hasText: /^Paid$/ })
        .waitFor();
      await view.getByTestId('payment-entry').filter({ hasText: 'Till 1, rest' }).waitFor();
      expect(await view.getByTestId('payment-entry').count()).toBe(2);
      await screenshot(page, 'payments-order-paid-desktop');

      // The ledger as the server keeps it: two cash rows, recorded by this staff member.
      const got = (await (await staff.context.request.get(api(`/orders/admin/${order.id}`))).json()).order;
      expect(got.payment).toMatchObject({ status: 'paid', amount_paid: order.total, balance: 0 });
      expect(
        (got.payment.entries as Entry[]).map((e) => [e.kind, e.method, e.amount, e.reference, e.recorded_by?.email]),
      ).toEqual([
        ['payment', 'cash', 10, 'Till 1', E2E_ADMIN],
        ['payment', 'cash', rest, 'Till 1, rest', E2E_ADMIN],
      ]);
      // The customer sees the order paid, without staff names.
      const seen = (await (await customer.context.request.get(api(`/orders/${order.id}`))).json()).order;
      expect(seen.payment.status).toBe('paid');
      expect(JSON.stringify(seen)).not.toContain(E2E_ADMIN);

      // Cancelling the paid order asks whether to refund; going back changes nothing.
      await view.getByLabel('New status').selectOption('cancelled');
      await view.getByRole('button', { name: 'Update status' }).click();
      const ask = page.getByRole('dialog', { name: `Cancel ${order.order_number}?` });
      await ask.getByRole('button', { name: `Cancel and refund ${usd(order.total)}` }).waitFor();
      await ask.getByRole('button', { name: 'Cancel without refund' }).waitFor();
      await screenshot(page, 'payments-cancel-paid-desktop');
      await ask.getByRole('button', { name: 'Go back' }).click();
      await ask.waitFor({ state: 'detached' });

      await view.getByRole('button', { name: 'Refund' }).click();
      const refund = page.getByRole('dialog', { name: `Refund on ${order.order_number}` });
      // The refund starts empty, with the balance beside it.
      expect(await refund.getByLabel('Amount to refund ($)').inputValue()).toBe('');
      expect(await refund.getByTestId('refund-balance').textContent()).toBe('$0.00');
      await screenshot(page, 'payments-refund-dialog-desktop');
      await refund.getByRole('button', { name: 'Back' }).click();
      expect((await (await staff.context.request.get(api(`/orders/admin/${order.id}`))).json()).order.status).toBe(
        'pending',
      );

      // A bulk cancel does not refund: its dialog names the paid order that will show "refund due".
      await page.goto(`/admin/orders?q=${order.order_number}`);
      await page.getByLabel(`Select order ${order.order_number}`).check();
      await page.getByTestId('bulk-bar').getByRole('button', { name: 'Move to Cancelled' }).click();
      const bulk = page.getByTestId('bulk-move-dialog');
      await bulk.getByTestId('bulk-refund-due').filter({ hasText: order.order_number }).waitFor();
      await screenshot(page, 'payments-bulk-cancel-paid-desktop');
      await bulk.getByRole('button', { name: 'Back' }).click();
      await bulk.waitFor({ state: 'detached' });
      expect(staff.consoleErrors).toEqual([]);
    } finally {
      await staff.context.close();
      await customer.context.close();
    }
  });

  it('asks to confirm an overpayment before recording it', async () => {
    const customer = await signedIn(uniqueEmail('ahead'));
    const staff = await asStaff();
    try {
      const order = await placeOrder(customer.context);
      const { page } = staff;
      const view = await openOrder(page, order);
      const over = Math.round(order.total * 100 + 500) / 100;
      const dialog = await recordPayment(page, view, over.toFixed(2), 'Rounded up');
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      const alert = dialog.getByTestId('overpayment');
      await alert.getByText(`${usd(over)} is $5.00 more than the balance of ${usd(order.total)}`).waitFor();
      await screenshot(page, 'payments-overpayment-desktop');
      // Nothing is recorded until staff confirm.
      const before = (await (await staff.context.request.get(api(`/orders/admin/${order.id}`))).json()).order;
      expect(before.payment.entries).toEqual([]);
      await dialog.getByRole('button', { name: `Record overpayment of ${usd(over)}` }).click();
      await dialog.waitFor({ state: 'detached' });
      // More held than owed: no balance, and the $5 over is due back.
      await paymentBadge(view)
        .filter({ hasText: /^Refund due$/ })
        .waitFor();
      await view.getByText('To refund').waitFor();
      await view.getByTestId('payment-balance').filter({ hasText: '$5.00' }).waitFor();
      // The one error is the server's 400 that asked for the confirmation.
      expect(staff.consoleErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    } finally {
      await staff.context.close();
      await customer.context.close();
    }
  });

  it('the Unpaid filter keeps only orders with money owed, in the URL', async () => {
    const email = uniqueEmail('filter');
    const customer = await signedIn(email);
    const staff = await asStaff();
    const phone = await asStaff(VIEWPORTS.phone);
    try {
      const paid = await placeOrder(customer.context);
      const partly = await placeOrder(customer.context);
      const unpaid = await placeOrder(customer.context);
      const pay = (o: Placed, amount: number) =>
        staff.context.request.post(api(`/orders/admin/${o.id}/payments`), { data: { amount, method: 'check' } });
      expect((await pay(paid, paid.total)).status()).toBe(200);
      expect((await pay(partly, 5)).status()).toBe(200);

      const { page } = staff;
      await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
      const rows = page.getByTestId('admin-order-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
      await page.getByLabel('Payment', { exact: true }).selectOption('unpaid');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      const numbers = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-order-number')));
      expect(numbers).toEqual([unpaid.order_number, partly.order_number]);
      expect(new URL(page.url()).searchParams.get('payment')).toBe('unpaid');
      const badge = (o: Placed) =>
        rows.filter({ hasText: o.order_number }).locator('[data-testid="payment-status"]:visible');
      expect(await badge(unpaid).textContent()).toBe('Unpaid');
      expect(await badge(partly).textContent()).toBe('Partially paid');
      await screenshot(page, 'payments-unpaid-filter-desktop');
      await page.reload();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      expect(await page.getByLabel('Payment', { exact: true }).inputValue()).toBe('unpaid');

      await phone.page.goto(`/admin/orders?q=${encodeURIComponent(email)}&payment=unpaid`);
      await expect.poll(() => phone.page.getByTestId('admin-order-row').count(), { timeout: 15_000 }).toBe(2);
      await screenshot(phone.page, 'payments-unpaid-filter-phone');
      await phone.page.goto(`/admin/orders?order=${partly.id}`);
      await phone.page
        .getByRole('dialog', { name: `Order ${partly.order_number}` })
        .getByTestId('payment-summary')
        .scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'payments-order-phone');
      expect(staff.consoleErrors).toEqual([]);
      expect(phone.consoleErrors).toEqual([]);
    } finally {
      await phone.context.close();
      await staff.context.close();
      await customer.context.close();
    }
  });

  it("prints a department's statement of its unpaid on-account orders", async () => {
    const staff = await asStaff();
    const domain = `${uniqueEmail('x')
      .split('@')[0]!
      .replace(/[^a-z0-9]/g, '')}.fire.test`;
    const made = await staff.context.request.post(api('/departments/'), {
      data: { name: `Statement Fire ${domain.slice(2, 8)}`, domains: [domain], requires_approval: false },
    });
    expect(made.status(), await made.text()).toBe(201);
    const dept = (await made.json()).department as { id: number; name: string };
    const member = await signedIn(`crew@${domain}`);
    const phone = await asStaff(VIEWPORTS.phone);
    try {
      const a = await placeOrder(member.context, 'PO-1001');
      const b = await placeOrder(member.context, 'PO-1002');
      const pay = await staff.context.request.post(api(`/orders/admin/${a.id}/payments`), {
        data: { amount: 10, method: 'department_check', reference: 'Check 88' },
      });
      expect(pay.status(), await pay.text()).toBe(200);
      const { page } = staff;
      await page.goto('/admin/orders');
      await page.getByRole('link', { name: 'Statements' }).click();
      await page.getByRole('link', { name: dept.name }).click();
      const sheet = page.getByTestId('statement');
      await sheet.waitFor();
      await expect.poll(() => sheet.getByTestId('statement-row').count()).toBe(2);
      const owed = Math.round(a.total * 100 + b.total * 100 - 1000) / 100;
      expect(await sheet.getByTestId('statement-outstanding').textContent()).toBe(usd(owed));
      await sheet.getByText('PO-1001').waitFor();
      await screenshot(page, 'payments-statement-desktop');
      await page.emulateMedia({ media: 'print' });
      await screenshot(page, 'payments-statement-print');
      const pdf = await page.pdf({ format: 'Letter', printBackground: true });
      expect(pdf.length).toBeGreaterThan(1000);
      await page.emulateMedia({ media: 'screen' });

      await phone.page.goto(`/admin/statements/${dept.id}`);
      await phone.page.getByTestId('statement').waitFor();
      await screenshot(phone.page, 'payments-statement-phone');
      await phone.page.goto('/admin/statements');
      await phone.page.getByRole('link', { name: dept.name }).waitFor();
      await screenshot(phone.page, 'payments-statements-phone');
      expect(staff.consoleErrors).toEqual([]);
    } finally {
      await phone.context.close();
      await member.context.close();
      await staff.context.close();
    }
  });
});
