import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { payments } from '../db/schema';
import { createTestApp } from '../test/harness';
import { json, signedIn, type SignedIn } from '../test/users';
import { fillCart, pickup } from '../test/orders';

// Staff record payments taken outside the site and refunds ("Bad input").
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const customer = await signedIn(app);

async function newOrder(user: SignedIn = customer): Promise<Order> {
  await fillCart(app, user.id, [{ quantity: 3 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: pickup });
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}
const pay = (id: number, payload: object, headers: Record<string, string> = staff.headers) =>
  app.inject({ method: 'POST', url: `/api/v1/orders/admin/${id}/payments`, headers, payload });
const refund = (id: number, payload: object, headers: Record<string, string> = staff.headers) =>
  app.inject({ method: 'POST', url: `/api/v1/orders/admin/${id}/refunds`, headers, payload });
const ledgerCount = async (orderId: number) =>
  (await db.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId)))[0]!.n;
const cents = (dollars: number) => Math.round(dollars * 100);

describe('staff payments', () => {
  it('a partial payment then the rest: partially paid, then paid, each on the ledger and the timeline', async () => {
    const order = await newOrder();
    const first = await pay(order.id, { amount: 10.25, method: 'cash', reference: 'Till 2' });
    expect(first.statusCode).toBe(200);
    const after = first.json().order as Order;
    expect(after.payment).toMatchObject({
      method: 'pickup',
      status: 'partially_paid',
      amount_due: order.total,
      amount_paid: 10.25,
      balance: (cents(order.total) - 1025) / 100,
      refund_due: false,
    });
    expect(after.payment.entries).toEqual([
      {
        id: expect.any(Number),
        kind: 'payment',
        method: 'cash',
        amount: 10.25,
        reference: 'Till 2',
        reason: null,
        recorded_by: { id: staff.id, email: staff.email },
        created_at: expect.any(String),
      },
    ]);
    const rest = await pay(order.id, { amount: after.payment.balance, method: 'check', reference: 'Check 1042' });
    expect(rest.statusCode).toBe(200);
    const paid = rest.json().order as Order;
    expect(paid.payment).toMatchObject({ status: 'paid', amount_paid: order.total, balance: 0 });
    expect(paid.events.filter((e) => e.kind === 'payment').map((e) => e.details)).toEqual([
      'Payment of $10.25 received (cash)',
      `Payment of $${paid.payment.entries[1]!.amount.toFixed(2)} received (check)`,
    ]);

    // Already paid: 409, and the ledger keeps its two lines.
    const again = await pay(order.id, { amount: 1, method: 'cash' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_ALREADY_PAID');
    expect(await ledgerCount(order.id)).toBe(2);

    // The customer sees the same money, but never who recorded it.
    const mine = await app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: customer.headers });
    const seen = mine.json().order as Order;
    expect(seen.payment).toMatchObject({ status: 'paid', amount_paid: order.total });
    expect(seen.payment.entries).toHaveLength(2);
    for (const e of seen.payment.entries) expect(e).not.toHaveProperty('recorded_by');
    expect(mine.body).not.toContain(staff.email);
  });

  it('refuses an overpayment without confirmation (400 amount) and records it with one', async () => {
    const order = await newOrder();
    const over = order.total + 5;
    const refused = await pay(order.id, { amount: over, method: 'card_terminal' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        field: 'amount',
        message: `The amount is more than the balance of $${order.total.toFixed(2)}. Confirm the overpayment to record it.`,
      },
    ]);
    expect(await ledgerCount(order.id)).toBe(0);
    const allowed = await pay(order.id, { amount: over, method: 'card_terminal', confirm_overpayment: true });
    expect(allowed.statusCode).toBe(200);
    // More held than owed: no balance, and the $5 over is due back.
    expect(allowed.json().order.payment).toMatchObject({
      status: 'refund_due',
      amount_paid: over,
      balance: 0,
      refund_due: true,
      refund_due_amount: 5,
    });
  });

  it('refuses zero, negative, not whole cents, a missing amount and a stripe payment by hand, naming the field', async () => {
    const order = await newOrder();
    const cases: [object, string, string][] = [
      [{ amount: 0, method: 'cash' }, 'amount', 'The amount must be more than zero'],
      [{ amount: -3, method: 'cash' }, 'amount', 'The amount must be more than zero'],
      [{ amount: 12.345, method: 'cash' }, 'amount', 'The amount must be in whole cents'],
      [{ method: 'cash' }, 'amount', 'Enter an amount'],
      [{ amount: '12', method: 'cash' }, 'amount', 'Enter an amount'],
      [{ amount: 5, method: 'stripe' }, 'method', 'Online card payments are recorded by Stripe, not by hand'],
      [{ amount: 5, method: 'barter' }, 'method', 'Choose how it was paid'],
    ];
    for (const [body, field, message] of cases) {
      const res = await pay(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
    expect(await ledgerCount(order.id)).toBe(0);
  });

  it('answers 409 for a cancelled or denied order and 404 for none', async () => {
    const cancelled = await newOrder();
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/orders/${cancelled.id}`,
      headers: customer.headers,
    });
    expect(del.statusCode).toBe(200);
    const c = await pay(cancelled.id, { amount: 1, method: 'cash' });
    expect(c.statusCode).toBe(409);
    expect(c.json()).toMatchObject({
      code: 'ORDER_NOT_PAYABLE',
      detail: 'This order is cancelled: no payment can be taken for it',
    });

    const denied = await newOrder();
    const deny = await app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${denied.id}/status`,
      headers: staff.headers,
      payload: { status: 'denied', denial_reason: 'Out of stock' },
    });
    expect(deny.statusCode).toBe(200);
    const d = await pay(denied.id, { amount: 1, method: 'cash' });
    expect(d.statusCode).toBe(409);
    expect(d.json().code).toBe('ORDER_NOT_PAYABLE');
    expect(await ledgerCount(cancelled.id)).toBe(0);
    expect(await ledgerCount(denied.id)).toBe(0);
    expect((await pay(999999, { amount: 1, method: 'cash' })).statusCode).toBe(404);
  });
});

describe('staff refunds recorded by hand', () => {
  it('gives money back up to what was paid; a refund never raises the balance: it lowers what is owed', async () => {
    const order = await newOrder();
    expect((await pay(order.id, { amount: 20, method: 'cash' })).statusCode).toBe(200);
    const tooMuch = await refund(order.id, { amount: 20.01, method: 'cash' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual([{ field: 'amount', message: 'At most the $20.00 paid can be refunded' }]);
    const part = await refund(order.id, { amount: 5, method: 'cash', reference: 'Returned at counter' });
    expect(part.statusCode).toBe(200);
    const balanceBefore = cents(order.total) - 2000;
    expect(part.json().order.payment).toMatchObject({
      status: 'partially_paid',
      amount_paid: 15,
      amount_due: (cents(order.total) - 500) / 100,
      balance: balanceBefore / 100,
    });
    const rest = await refund(order.id, { amount: 15, method: 'cash' });
    expect(rest.json().order.payment).toMatchObject({
      status: 'unpaid',
      amount_paid: 0,
      amount_due: balanceBefore / 100,
      balance: balanceBefore / 100,
    });
    const none = await refund(order.id, { amount: 1, method: 'cash' });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NOTHING_TO_REFUND');
    const online = await newOrder();
    await pay(online.id, { amount: 4, method: 'cash' });
    const noStripe = await refund(online.id, { amount: 4, method: 'stripe' });
    expect(noStripe.statusCode).toBe(400);
    expect(noStripe.json().errors[0]).toEqual({
      field: 'amount',
      message: 'This order has no online payment to refund through Stripe',
    });
  });

  it('a cancelled order with money on it shows refund due until it is refunded', async () => {
    const order = await newOrder();
    await pay(order.id, { amount: 7.5, method: 'cash' });
    await app.inject({ method: 'DELETE', url: `/api/v1/orders/${order.id}`, headers: customer.headers });
    const view = await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${order.id}`, headers: staff.headers });
    expect(view.json().order.payment).toMatchObject({ refund_due: true, amount_paid: 7.5 });
    const back = await refund(order.id, { amount: 7.5, method: 'cash' });
    expect(back.json().order.payment).toMatchObject({ refund_due: false, status: 'refunded' });
  });
});

describe('who may record money', () => {
  it('employees and admins may; a customer gets 403 and a guest 401, and nothing is written', async () => {
    const order = await newOrder();
    const admin = await signedIn(app, 'admin');
    expect((await pay(order.id, { amount: 1, method: 'cash' }, admin.headers)).statusCode).toBe(200);
    const asCustomer = await pay(order.id, { amount: 1, method: 'cash' }, customer.headers);
    expect(asCustomer.statusCode).toBe(403);
    expect((await refund(order.id, { amount: 1, method: 'cash' }, customer.headers)).statusCode).toBe(403);
    expect((await pay(order.id, { amount: 1, method: 'cash' }, json)).statusCode).toBe(401);
    expect((await refund(order.id, { amount: 1, method: 'cash' }, json)).statusCode).toBe(401);
    expect(await ledgerCount(order.id)).toBe(1);
  });
});
