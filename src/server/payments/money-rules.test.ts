import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus, OrderSummary } from '../../shared/orders';
import { departments, orders, payments } from '../db/schema';
import { createTestApp } from '../test/harness';
import { addTaxExemptDepartment, fillCart, mailsTo, pickup, shipping } from '../test/orders';
import { json, signedIn, type SignedIn } from '../test/users';

// The account rules at the edges: refunds never create a balance, credits, cancelled orders owe
// nothing, ways to pay by fulfilment, nothing ships unpaid by accident, and the customer is told.
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const customer = await signedIn(app);
await addTaxExemptDepartment(app);
const member = await signedIn(app, 'other', { email: `clerk-${Date.now()}@maricopa.test` });

async function place(body: object = pickup, user: SignedIn = customer, quantity = 3): Promise<Order> {
  await fillCart(app, user.id, [{ quantity }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
const post = (url: string, payload: object, headers = staff.headers) =>
  app.inject({ method: 'POST', url: `/api/v1/orders/admin/${url}`, headers, payload });
const put = (id: number, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/status`, headers: staff.headers, payload });
const setStatus = (id: number, status: OrderStatus) => db.update(orders).set({ status }).where(eq(orders.id, id));
const cents = (d: number) => Math.round(d * 100);
const lastMail = async (to: string) => (await mailsTo(app, to)).at(-1)!;

describe('refunds and credits', () => {
  it('a goodwill refund on an order paid in full lowers what it owes: no balance, and the customer is told', async () => {
    const o = await place();
    expect(
      (await post(`${o.id}/payments`, { amount: o.total, method: 'check', reference: 'Check 88' })).statusCode,
    ).toBe(200);
    const res = await post(`${o.id}/refunds`, { amount: 5, method: 'check', reason: 'Late delivery' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().order as Order;
    expect(after.payment).toMatchObject({
      status: 'partially_refunded',
      status_label: 'Partly refunded',
      amount_due: (cents(o.total) - 500) / 100,
      amount_paid: (cents(o.total) - 500) / 100,
      balance: 0,
      refund_due: false,
      adjustments: [{ kind: 'credit', label: 'Credit: Refund: Late delivery', amount: -5 }],
    });
    const mail = await lastMail(customer.email);
    expect(mail.subject).toBe(`Refund of $5.00 on order ${o.order_number}`);
    expect(mail.textBody).toContain('Reason: Late delivery');
    expect(mail.textBody).toContain('Nothing more is owed');
    const unpaid = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/all?payment=unpaid&search=${o.order_number}`,
      headers: staff.headers,
    });
    expect(unpaid.json().orders).toEqual([]);
  });

  it('a credit lowers what is owed, shows as an adjustment of kind credit and mails the customer', async () => {
    const o = await place();
    const res = await post(`${o.id}/credits`, { amount: 2.5, reason: 'Price match' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().order as Order;
    expect(after.payment).toMatchObject({
      status: 'unpaid',
      amount_due: (cents(o.total) - 250) / 100,
      balance: (cents(o.total) - 250) / 100,
      credited: 2.5,
      adjustments: [{ kind: 'credit', label: 'Credit: Price match', amount: -2.5 }],
    });
    expect(after.events.at(-1)).toMatchObject({
      kind: 'payment',
      details: 'Credit of $2.50: taken off what the order owes. Reason: Price match',
    });
    const mail = await lastMail(customer.email);
    expect(mail.subject).toBe(`Credit of $2.50 on order ${o.order_number}`);
    expect(mail.textBody).toContain(`Balance due: $${((cents(o.total) - 250) / 100).toFixed(2)}`);
  });

  it('refuses bad credits naming the field, credits on cancelled orders (409) and customers (403), changing nothing', async () => {
    const o = await place();
    const cases: [object, string, string][] = [
      [{ amount: 0, reason: 'x' }, 'amount', 'The amount must be more than zero'],
      [{ amount: -1, reason: 'x' }, 'amount', 'The amount must be more than zero'],
      [{ amount: 1.005, reason: 'x' }, 'amount', 'The amount must be in whole cents'],
      [
        { amount: o.total + 0.01, reason: 'x' },
        'amount',
        `At most the $${o.total.toFixed(2)} the order owes can be credited`,
      ],
      [{ amount: 1 }, 'reason', 'Give a reason'],
      [{ amount: 1, reason: '  ' }, 'reason', 'Give a reason'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(`${o.id}/credits`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
    const tooMuchRefund = await post(`${o.id}/refunds`, { amount: 1, method: 'cash' });
    expect(tooMuchRefund.statusCode).toBe(409);
    expect((await post(`${o.id}/credits`, { amount: 1, reason: 'x' }, customer.headers)).statusCode).toBe(403);
    expect((await post(`${o.id}/credits`, { amount: 1, reason: 'x' }, json)).statusCode).toBe(401);
    const view = await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${o.id}`, headers: staff.headers });
    expect(view.json().order.payment).toMatchObject({ credited: 0, entries: [] });

    await setStatus(o.id, 'cancelled');
    const closed = await post(`${o.id}/credits`, { amount: 1, reason: 'x' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('ORDER_NOT_CREDITABLE');
  });
});

describe('cancelled and denied orders owe nothing', () => {
  it('a customer cancelling an unpaid order: nothing due, and the mail says so', async () => {
    const o = await place();
    const res = await app.inject({ method: 'DELETE', url: `/api/v1/orders/${o.id}`, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    const mine = await app.inject({ method: 'GET', url: `/api/v1/orders/${o.id}`, headers: customer.headers });
    expect(mine.json().order.payment).toMatchObject({
      status: 'nothing_due',
      customer_label: 'Nothing to pay',
      amount_due: 0,
      balance: 0,
    });
    const mail = await lastMail(customer.email);
    expect(mail.subject).toBe(`Order ${o.order_number} cancelled`);
    expect(mail.textBody).toContain('Nothing is owed on this order.');
  });

  it('staff cancel and refund a paid order: refunded, no balance; the customer reads the reason and the money', async () => {
    const o = await place();
    await post(`${o.id}/payments`, { amount: o.total, method: 'cash' });
    const res = await post(`${o.id}/cancel`, {
      refund: { amount: o.total, method: 'cash', reason: 'Out of stock' },
      denial_reason: 'The garment is discontinued',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.payment).toMatchObject({ status: 'refunded', balance: 0, amount_due: 0, amount_paid: 0 });
    const mail = await lastMail(customer.email);
    expect(mail.subject).toBe(`Order ${o.order_number} cancelled`);
    expect(mail.textBody).toContain('Reason: The garment is discontinued');
    expect(mail.textBody).toContain('The money you paid has been given back.');
  });
});

describe('ways to pay fit the fulfilment', () => {
  it('a shipping order is never paid at pickup; by invoice it is placed and says what happens next', async () => {
    await fillCart(app, customer.id, [{ quantity: 1 }]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      headers: customer.headers,
      payload: { ...shipping, payment_method: 'pickup' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'payment_method', message: 'Pay at pickup is only for pickup orders. Choose invoice.' },
    ]);
    const o = await place({ ...shipping, payment_method: 'invoice' });
    expect(o.payment).toMatchObject({ method: 'invoice', status: 'unpaid' });
    const invoice = await place({ ...pickup, payment_method: 'invoice' }).catch((e: Error) => e);
    expect(invoice).toBeInstanceOf(Error);
  });
});

describe('nothing ships unpaid by accident', () => {
  it('409 UNPAID_BALANCE for shipped or completed with a balance; allow_unpaid moves it and the timeline says so', async () => {
    const o = await place({ ...shipping, payment_method: 'invoice' });
    await setStatus(o.id, 'in_production');
    const refused = await put(o.id, { status: 'shipped', tracking_number: '1Z999' });
    expect(refused.statusCode).toBe(409);
    const owes = `${o.order_number} owes $${o.total.toFixed(2)}`;
    expect(refused.json()).toMatchObject({
      code: 'UNPAID_BALANCE',
      detail: `${owes}. Record the payment first, or confirm to ship it unpaid.`,
    });
    const allowed = await put(o.id, { status: 'shipped', tracking_number: '1Z999', allow_unpaid: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const staffView = await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${o.id}`, headers: staff.headers });
    expect((staffView.json().order as Order).events.at(-1)).toMatchObject({
      to_status: 'shipped',
      details: `Shipped unpaid, as staff confirmed: ${owes}`,
    });
    // Paid in full, it moves without asking.
    const paid = await place();
    await post(`${paid.id}/payments`, { amount: paid.total, method: 'cash' });
    await setStatus(paid.id, 'ready_for_pickup');
    expect((await put(paid.id, { status: 'completed' })).statusCode).toBe(200);
  });

  it('orders on the department account are exempt; bulk completion lists the orders that owe', async () => {
    const account = await place(pickup, member);
    expect(account.payment.method).toBe('account');
    await setStatus(account.id, 'ready_for_pickup');
    expect((await put(account.id, { status: 'completed' })).statusCode).toBe(200);

    const owing = await place();
    await setStatus(owing.id, 'ready_for_pickup');
    const bulk = await post('bulk-status', { order_ids: [owing.id], status: 'completed' });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toMatchObject({
      updated: [],
      failed: [{ id: owing.id, order_number: owing.order_number, code: 'UNPAID_BALANCE' }],
    });
    const forced = await post('bulk-status', { order_ids: [owing.id], status: 'completed', allow_unpaid: true });
    expect(forced.json()).toMatchObject({ updated: [owing.id], failed: [] });
    const list = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/all?search=${owing.order_number}`,
      headers: staff.headers,
    });
    expect((list.json().orders as OrderSummary[])[0]).toMatchObject({
      payment_method: 'pickup',
      payment_status: 'unpaid',
    });
  });

  it('the ready-for-pickup mail says what to bring and when the shop is open', async () => {
    const o = await place();
    await setStatus(o.id, 'in_production');
    expect((await put(o.id, { status: 'ready_for_pickup' })).statusCode).toBe(200);
    const mail = await lastMail(customer.email);
    expect(mail.textBody).toContain(`Please bring $${o.total.toFixed(2)}: the balance to pay when you collect it.`);
    expect(mail.textBody).toContain('Monday to Friday, 08:00-17:00');
  });
});

describe('the approver sees what the department pays', () => {
  it('the approval mail labels the order total, the allowance, the account and the member share', async () => {
    await db.insert(departments).values({
      name: 'Allowance Fire',
      domains: ['allowfire.test'],
      requiresApproval: true,
      approverEmails: ['chief@allowfire.test'],
      allowanceCents: 2000,
    });
    const crew = await signedIn(app, 'other', { email: `crew-${Date.now()}@allowfire.test` });
    const o = await place({ ...pickup, payment_method: 'pickup' }, crew);
    expect(o.status).toBe('awaiting_approval');
    const split = o.payment.split;
    expect(split).toMatchObject({ allowance: 20, department_account: 0, member_pays: o.total });
    expect(cents(split.order_total)).toBe(cents(o.total) + 2000);
    const mail = await lastMail('chief@allowfire.test');
    for (const line of [
      `Order total: $${split.order_total.toFixed(2)}`,
      'Paid from the allowance: $20.00',
      "On the department's account: $0.00",
      `The member pays: $${o.total.toFixed(2)}`,
    ]) {
      expect(mail.textBody).toContain(line);
    }
  });
});

describe('migration 0017: refunds recorded before credits existed', () => {
  it('gives each open order the credit its refund would get now, once, and leaves closed orders alone', async () => {
    const goodwill = await place();
    const partly = await place();
    const cancelled = await place();
    const overpaid = await place();
    const row = (orderId: number, kind: 'payment' | 'refund', amountCents: number) => ({
      orderId,
      kind,
      method: 'cash' as const,
      amountCents,
    });
    // Written as older ledgers were: refunds without their credit.
    await db
      .insert(payments)
      .values([
        row(goodwill.id, 'payment', cents(goodwill.total)),
        row(goodwill.id, 'refund', 500),
        row(partly.id, 'payment', 1000),
        row(partly.id, 'refund', 400),
        row(cancelled.id, 'payment', 700),
        row(cancelled.id, 'refund', 300),
        row(overpaid.id, 'payment', cents(overpaid.total) + 500),
        row(overpaid.id, 'refund', 500),
      ]);
    await setStatus(cancelled.id, 'cancelled');
    const migration = fs.readFileSync('src/server/db/migrations/0017_refunds_before_credits.sql', 'utf8');
    await db.execute(sql.raw(migration));
    const view = async (o: Order) =>
      (
        (await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${o.id}`, headers: staff.headers })).json()
          .order as Order
      ).payment;
    expect(await view(goodwill)).toMatchObject({ status: 'partially_refunded', balance: 0, credited: 5 });
    expect(await view(partly)).toMatchObject({ credited: 4, balance: (cents(partly.total) - 1000) / 100 });
    expect(await view(cancelled)).toMatchObject({ credited: 0, status: 'refund_due', refund_due_amount: 4 });
    expect(await view(overpaid)).toMatchObject({ credited: 0, status: 'partially_refunded', balance: 0 });
    // Run again, it adds nothing: orders with credits are skipped.
    await db.execute(sql.raw(migration));
    expect((await view(goodwill)).credited).toBe(5);
  });
});
