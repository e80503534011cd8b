import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { orders, payments } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup } from '../test/orders';
import { startStripeStandIn, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../test/stripe-stand-in';
import { signedIn } from '../test/users';

// Refunds made in Stripe's dashboard (charge.refunded) and cancelling a paid order with or without a refund.
const stand = await startStripeStandIn();
const { app } = await createTestApp({
  STRIPE_SECRET_KEY: TEST_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_API_BASE: stand.url,
});
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const customer = await signedIn(app);

async function placeOrder(body: object) {
  await fillCart(app, customer.id, [{ quantity: 2 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: customer.headers, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}
/** A card order paid on the stand-in's page and recorded by the signed webhook. */
async function paidOnline() {
  const order = await placeOrder({ ...pickup, payment_method: 'card' });
  const start = await app.inject({
    method: 'POST',
    url: `/api/v1/orders/${order.id}/pay`,
    headers: customer.headers,
    payload: {},
  });
  const session = stand.pay(start.json().url.split('/').at(-1));
  expect((await webhook(stand.sign(stand.completedEvent(session)))).json().outcome).toBe('recorded');
  return { order, intent: session.payment_intent as unknown as string };
}
const webhook = (signed: { payload: string; header: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.header },
    payload: signed.payload,
  });
const staffView = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${id}`, headers: staff.headers })).json()
    .order as Order;
const cancel = (id: number, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1/orders/admin/${id}/cancel`, headers: staff.headers, payload });
const ledger = (orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId));
const cents = (dollars: number) => Math.round(dollars * 100);

describe('charge.refunded: a refund made in Stripe', () => {
  it("records a dashboard refund once, by Stripe's refund id; a replay and a later event change nothing", async () => {
    const { order, intent } = await paidOnline();
    const refund = stand.refundInDashboard(intent, 500);
    const event = stand.chargeRefundedEvent(intent);
    const hook = await webhook(stand.sign(event));
    expect(hook.statusCode).toBe(200);
    expect(hook.json().outcome).toBe('recorded');
    const rows = await ledger(order.id);
    // Paid in full, so the refund lowers what is owed by as much: a credit row beside it (docs/product.md#the-account-of-an-order).
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([
      ['payment', cents(order.total)],
      ['refund', 500],
      ['credit', 500],
    ]);
    expect(rows[1]).toMatchObject({
      kind: 'refund',
      method: 'stripe',
      amountCents: 500,
      reference: refund.id,
      stripeRefundId: refund.id,
      stripePaymentIntentId: intent,
      recordedBy: null,
    });
    const view = await staffView(order.id);
    expect(view.payment).toMatchObject({
      status: 'partially_refunded',
      amount_paid: (cents(order.total) - 500) / 100,
      balance: 0,
    });
    expect(view.events.at(-2)).toMatchObject({
      kind: 'payment',
      actor_type: 'system',
      details: 'Refund of $5.00 given back (card online (stripe))',
    });

    // The same event again, and another event about the same charge: the refund is already on the ledger.
    expect((await webhook(stand.sign(event))).json().outcome).toBe('duplicate');
    expect((await webhook(stand.sign(stand.chargeRefundedEvent(intent)))).json().outcome).toBe('already_recorded');
    expect(await ledger(order.id)).toHaveLength(3);
  });

  it('a refund the shop made through the API is not recorded a second time when Stripe reports it', async () => {
    const { order, intent } = await paidOnline();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/${order.id}/refunds`,
      headers: staff.headers,
      payload: { amount: 3, method: 'stripe' },
    });
    expect(res.statusCode).toBe(200);
    expect(await ledger(order.id)).toHaveLength(3);
    // Then a second refund in the dashboard: the event carries both; only the new one is added.
    stand.refundInDashboard(intent, 200);
    expect((await webhook(stand.sign(stand.chargeRefundedEvent(intent)))).json().outcome).toBe('recorded');
    const rows = await ledger(order.id);
    expect(rows.map((r) => [r.kind, r.amountCents, r.recordedBy])).toEqual([
      ['payment', cents(order.total), null],
      ['refund', 300, staff.id],
      ['credit', 300, staff.id],
      ['refund', 200, null],
      ['credit', 200, null],
    ]);
    expect(new Set(rows.filter((r) => r.kind !== 'credit').map((r) => r.stripeRefundId)).size).toBe(3);
  });

  it('a refund of a payment the shop never recorded: 2xx, nothing written', async () => {
    const before = await db.$count(payments);
    const res = await webhook(
      stand.sign({
        ...stand.chargeRefundedEvent('pi_not_ours'),
        data: { object: { id: 'ch_x', object: 'charge', payment_intent: 'pi_not_ours' } },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('unknown_payment');
    expect(await db.$count(payments)).toBe(before);
  });
});

describe('POST /orders/admin/:id/cancel', () => {
  it('refunds an online payment through Stripe and cancels, in one step', async () => {
    const { order, intent } = await paidOnline();
    const res = await cancel(order.id, {
      refund: { amount: order.total, method: 'stripe' },
      denial_reason: 'Customer called to cancel',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().order as Order;
    expect(after.status).toBe('cancelled');
    expect(after.payment).toMatchObject({ status: 'refunded', amount_paid: 0, refund_due: false });
    const back = stand.refunds.filter((r) => r.payment_intent === intent);
    expect(back.map((r) => r.amount)).toEqual([cents(order.total)]);
    expect(after.payment.entries.at(-1)).toMatchObject({ kind: 'refund', method: 'stripe', reference: back[0]!.id });
    expect(after.events.map((e) => e.kind).slice(-2)).toEqual(['payment', 'status']);
    expect(after.events.at(-1)).toMatchObject({ to_status: 'cancelled', reason: 'Customer called to cancel' });
  });

  it('records a cash refund and cancels; without a refund the order is cancelled and shows refund due', async () => {
    const a = await placeOrder(pickup);
    const b = await placeOrder(pickup);
    for (const o of [a, b]) {
      const paid = await app.inject({
        method: 'POST',
        url: `/api/v1/orders/admin/${o.id}/payments`,
        headers: staff.headers,
        payload: { amount: 10, method: 'cash' },
      });
      expect(paid.statusCode).toBe(200);
    }
    const withRefund = await cancel(a.id, { refund: { amount: 10, method: 'cash', reference: 'Till 1' } });
    expect(withRefund.json().order).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded', amount_paid: 0, refund_due: false },
    });
    const without = await cancel(b.id, { refund: null });
    expect(without.json().order).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refund_due', amount_paid: 10, refund_due: true, refund_due_amount: 10, balance: 0 },
    });
  });

  it('refuses a refund it cannot make (400 naming refund.amount) and then cancels nothing', async () => {
    const o = await placeOrder(pickup);
    await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/${o.id}/payments`,
      headers: staff.headers,
      payload: { amount: 10, method: 'cash' },
    });
    const tooMuch = await cancel(o.id, { refund: { amount: 10.01, method: 'cash' } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual([
      { field: 'refund.amount', message: 'At most the $10.00 paid can be refunded' },
    ]);
    const noStripe = await cancel(o.id, { refund: { amount: 10, method: 'stripe' } });
    expect(noStripe.statusCode).toBe(400);
    expect(noStripe.json().errors[0].field).toBe('refund.amount');
    const zero = await cancel(o.id, { refund: { amount: 0, method: 'cash' } });
    expect(zero.json().errors[0]).toEqual({ field: 'refund.amount', message: 'The amount must be more than zero' });
    expect((await staffView(o.id)).status).toBe('pending');
    expect(await ledger(o.id)).toHaveLength(1);

    // An order that can no longer be cancelled: 409 before any money moves.
    await db.update(orders).set({ status: 'completed' }).where(eq(orders.id, o.id));
    const late = await cancel(o.id, { refund: { amount: 10, method: 'cash' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ILLEGAL_TRANSITION');
    expect(await ledger(o.id)).toHaveLength(1);
  });

  it('says so when Stripe refunded but the cancellation could not be saved; the webhook then records the refund', async () => {
    const { order, intent } = await paidOnline();
    // The database refuses this one order's cancellation, after Stripe has already given the money back.
    await db.execute(`create or replace function refuse_cancel() returns trigger language plpgsql as $$
      begin
        if new.status = 'cancelled' and new.id = ${order.id} then raise exception 'disk full'; end if;
        return new;
      end $$`);
    await db.execute(
      'create trigger refuse_cancel before update on orders for each row execute function refuse_cancel()',
    );
    try {
      const res = await cancel(order.id, { refund: { amount: order.total, method: 'stripe' } });
      expect(res.statusCode).toBe(500);
      const refund = stand.refunds.find((r) => r.payment_intent === intent)!;
      expect(res.json()).toMatchObject({
        code: 'CANCEL_FAILED_AFTER_REFUND',
        detail: `Stripe refunded $${order.total.toFixed(2)} (${refund.id}), but the order could not be cancelled. The refund will appear on the order when Stripe reports it; then cancel the order without a refund.`,
      });
      // Nothing half-saved: the order is as it was and the ledger holds the payment alone.
      expect((await staffView(order.id)).status).toBe('pending');
      expect(await ledger(order.id)).toHaveLength(1);
      expect((await webhook(stand.sign(stand.chargeRefundedEvent(intent)))).json().outcome).toBe('recorded');
      expect((await staffView(order.id)).payment).toMatchObject({ status: 'refunded', amount_paid: 0 });
    } finally {
      await db.execute('drop trigger refuse_cancel on orders');
    }
    const done = await cancel(order.id, { refund: null });
    expect(done.json().order).toMatchObject({ status: 'cancelled', payment: { refund_due: false } });
  });

  it('is for staff only', async () => {
    const o = await placeOrder(pickup);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/${o.id}/cancel`,
      headers: customer.headers,
      payload: { refund: null },
    });
    expect(res.statusCode).toBe(403);
    expect((await staffView(o.id)).status).toBe('pending');
  });
});
