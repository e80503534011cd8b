import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { payments, stripeEvents } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup } from '../test/orders';
import { startStripeStandIn, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../test/stripe-stand-in';
import { signedIn, type SignedIn } from '../test/users';

// Card payment online against a local Stripe stand-in ("Done when").
const stand = await startStripeStandIn();
const { app } = await createTestApp({
  STRIPE_SECRET_KEY: TEST_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_API_BASE: stand.url,
});
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const customer = await signedIn(app);

async function cardOrder(user: SignedIn = customer, body: object = { ...pickup, payment_method: 'card' }) {
  await fillCart(app, user.id, [{ quantity: 2 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}
const startPay = (id: number, user: SignedIn = customer) =>
  app.inject({ method: 'POST', url: `/api/v1/orders/${id}/pay`, headers: user.headers, payload: {} });
const mine = async (id: number, user: SignedIn = customer) =>
  (await app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: user.headers })).json().order as Order;
const webhook = (signed: { payload: string; header?: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signed.header ? { 'stripe-signature': signed.header } : {}),
    },
    payload: signed.payload,
  });
const sessionIdOf = (url: string) => url.split('/').at(-1)!;
const ledger = async (orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId));
const eventsSeen = async () => (await db.select({ n: count() }).from(stripeEvents))[0]!.n;

/** Places a card order, opens its Checkout Session and pays it on the stand-in's page. */
async function paidSession(user: SignedIn = customer) {
  const order = await cardOrder(user);
  const res = await startPay(order.id, user);
  expect(res.statusCode).toBe(200);
  const session = stand.pay(sessionIdOf(res.json().url));
  return { order, session };
}

describe('a card order paid online', () => {
  it('opens a Checkout Session for the balance; the webhook, not the return, makes it paid', async () => {
    const order = await cardOrder();
    const res = await startPay(order.id);
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(new RegExp(`^${stand.url}/c/pay/cs_test_`));
    const created = stand.seen.find((s) => s.path === '/v1/checkout/sessions' && s.method === 'POST')!;
    expect(created.form.get('mode')).toBe('payment');
    expect(Number(created.form.get('line_items[0][price_data][unit_amount]'))).toBe(Math.round(order.total * 100));
    expect(created.form.get('metadata[order_id]')).toBe(String(order.id));
    expect(created.form.get('success_url')).toBe(`http://localhost:3000/orders/${order.id}/placed?payment=return`);
    expect(created.form.get('cancel_url')).toBe(`http://localhost:3000/orders/${order.id}/placed?payment=cancelled`);

    // The customer's browser comes back: nothing is paid yet.
    expect((await mine(order.id)).payment.status).toBe('unpaid');
    const session = stand.pay(sessionIdOf(url));
    const event = stand.completedEvent(session);
    const hook = await webhook(stand.sign(event));
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ success: true, received: true, outcome: 'recorded' });
    const paid = await mine(order.id);
    expect(paid.payment).toMatchObject({ method: 'card', status: 'paid', amount_paid: order.total, balance: 0 });
    expect(paid.payment.entries).toEqual([
      {
        id: expect.any(Number),
        kind: 'payment',
        method: 'stripe',
        amount: order.total,
        reference: session.payment_intent,
        reason: null,
        created_at: expect.any(String),
      },
    ]);
    const staffView = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/${order.id}`,
      headers: staff.headers,
    });
    expect(staffView.json().order.payment.entries[0].recorded_by).toBeNull();

    // A replay of the same event, and the same session in another event, pay nothing twice.
    const replay = await webhook(stand.sign(event));
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('duplicate');
    const other = await webhook(stand.sign(stand.completedEvent(session)));
    expect(other.json().outcome).toBe('already_recorded');
    expect(await ledger(order.id)).toHaveLength(1);
    expect((await mine(order.id)).payment.amount_paid).toBe(order.total);

    // Paid already: no second session.
    const again = await startPay(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_ALREADY_PAID');
  });

  it('a re-check of the session records a payment the webhook has not brought yet', async () => {
    const { order } = await paidSession();
    const check = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/pay/check`,
      headers: customer.headers,
      payload: {},
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().order.payment).toMatchObject({ status: 'paid', amount_paid: order.total });
    expect(stand.seen.some((s) => s.method === 'GET' && s.path.startsWith('/v1/checkout/sessions/'))).toBe(true);
  });
});

describe('webhooks that change nothing', () => {
  it('a forged signature, a missing one and an old one: 400, and no event or payment is stored', async () => {
    const { order, session } = await paidSession();
    const event = stand.completedEvent(session);
    const before = await eventsSeen();
    const forged = await webhook(stand.sign(event, { secret: 'whsec_someone_else' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ success: false, code: 'BAD_SIGNATURE' });
    // A body changed after signing.
    const signed = stand.sign(event);
    const tampered = await webhook({
      payload: signed.payload.replace(session.id, 'cs_test_other'),
      header: signed.header,
    });
    expect(tampered.statusCode).toBe(400);
    expect((await webhook({ payload: signed.payload })).statusCode).toBe(400);
    const old = await webhook(stand.sign(event, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }));
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('BAD_SIGNATURE');
    // Exempt from the cross-site rule, a form post from a foreign page still needs Stripe's signature.
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'type=checkout.session.completed',
    });
    expect(crossSite.statusCode).toBe(400);
    expect(crossSite.json().code).toBe('BAD_SIGNATURE');
    expect(await eventsSeen()).toBe(before);
    expect(await ledger(order.id)).toHaveLength(0);
    expect((await mine(order.id)).payment.status).toBe('unpaid');
    // The real one still counts afterwards.
    expect((await webhook(stand.sign(event))).json().outcome).toBe('recorded');
  });

  it('an event for a session the shop never made: 2xx, logged, nothing recorded', async () => {
    const before = await db.select({ n: count() }).from(payments);
    const stranger = stand.completedEvent({
      id: 'cs_test_not_ours',
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 5000,
      payment_intent: 'pi_not_ours',
      metadata: {},
    });
    const res = await webhook(stand.sign(stranger));
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('unknown_session');
    expect(await db.select({ n: count() }).from(payments)).toEqual(before);
  });
});

describe('money after a cancellation and refunds through Stripe', () => {
  it('a payment for a cancelled order is recorded and flagged refund due; a Stripe refund clears it', async () => {
    const { order, session } = await paidSession();
    const cancel = await app.inject({ method: 'DELETE', url: `/api/v1/orders/${order.id}`, headers: customer.headers });
    expect(cancel.statusCode).toBe(200);
    expect((await webhook(stand.sign(stand.completedEvent(session)))).json().outcome).toBe('recorded');
    const view = await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${order.id}`, headers: staff.headers });
    const o = view.json().order as Order;
    expect(o.status).toBe('cancelled');
    expect(o.payment).toMatchObject({ refund_due: true, amount_paid: order.total });
    expect(o.events.at(-1)).toMatchObject({
      kind: 'payment',
      internal_note: 'Paid online after the order was cancelled: refund due',
    });

    const part = Math.round(order.total * 50) / 100;
    const refund = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/${order.id}/refunds`,
      headers: staff.headers,
      payload: { amount: part, method: 'stripe' },
    });
    expect(refund.statusCode).toBe(200);
    const sent = stand.seen.filter((s) => s.path === '/v1/refunds').at(-1)!;
    expect(sent.form.get('payment_intent')).toBe(session.payment_intent);
    expect(Number(sent.form.get('amount'))).toBe(Math.round(part * 100));
    expect(sent.headers['idempotency-key']).toMatch(new RegExp(`^order-${order.id}-refund-`));
    const after = refund.json().order as Order;
    const entry = after.payment.entries.at(-1)!;
    expect(entry).toMatchObject({ kind: 'refund', method: 'stripe', amount: part, recorded_by: { id: staff.id } });
    expect(entry.reference).toMatch(/^re_/);
    const rest = Math.round((order.total - part) * 100) / 100;
    const all = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/${order.id}/refunds`,
      headers: staff.headers,
      payload: { amount: rest, method: 'stripe' },
    });
    expect(all.json().order.payment).toMatchObject({ status: 'refunded', amount_paid: 0, refund_due: false });
  });
});

describe('who may pay what', () => {
  it('409 for an order paid otherwise, awaiting approval, cancelled or denied; 404 for another customer', async () => {
    const atPickup = await cardOrder(customer, pickup);
    expect(atPickup.payment.method).toBe('pickup');
    const a = await startPay(atPickup.id);
    expect(a.statusCode).toBe(409);
    expect(a.json()).toMatchObject({ code: 'NOT_A_CARD_ORDER', detail: 'This order is paid at pickup, not online' });

    const medic = await signedIn(app, 'other', { email: `medic-${Date.now()}@dvfire.gov` });
    const waiting = await cardOrder(medic);
    expect(waiting.status).toBe('awaiting_approval');
    const w = await startPay(waiting.id, medic);
    expect(w.statusCode).toBe(409);
    expect(w.json().code).toBe('AWAITING_APPROVAL');

    const cancelled = await cardOrder();
    await app.inject({ method: 'DELETE', url: `/api/v1/orders/${cancelled.id}`, headers: customer.headers });
    expect((await startPay(cancelled.id)).json().code).toBe('ORDER_NOT_PAYABLE');

    const denied = await cardOrder();
    await app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${denied.id}/status`,
      headers: staff.headers,
      payload: { status: 'denied', denial_reason: 'Discontinued colour' },
    });
    const d = await startPay(denied.id);
    expect(d.statusCode).toBe(409);
    expect(d.json().code).toBe('ORDER_NOT_PAYABLE');

    const someoneElse = await signedIn(app);
    const own = await cardOrder();
    expect((await startPay(own.id, someoneElse)).statusCode).toBe(404);
  });
});

describe('security round 3: payment sessions, amounts and the clock', () => {
  it('finding 7: 30 Pay presses open one Checkout Session and answer its page every time', async () => {
    const order = await cardOrder();
    const opened = () => stand.seen.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;
    const before = opened();
    const urls = new Set<string>();
    for (let i = 0; i < 30; i += 1) {
      const res = await startPay(order.id);
      expect(res.statusCode, res.body).toBe(200);
      urls.add(res.json().url as string);
    }
    expect(urls.size).toBe(1);
    expect(opened() - before).toBe(1);
    // Once that session is no longer open (paid, expired), the next press opens a new one.
    stand.pay(sessionIdOf([...urls][0]!));
    const again = await startPay(order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().url).not.toBe([...urls][0]);
  });

  it('finding 7: 10 Pay presses at the same moment open one session too', async () => {
    const order = await cardOrder();
    const opened = () => stand.seen.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;
    const before = opened();
    const answers = await Promise.all(Array.from({ length: 10 }, () => startPay(order.id)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json().url)).size).toBe(1);
    expect(opened() - before).toBe(1);
  });

  it('finding 8: a session completed for another amount or currency is flagged for staff, never recorded as paid', async () => {
    for (const changed of [{ amount_total: 5000, currency: 'jpy' }, { currency: 'jpy' }, { amount_total: 1 }]) {
      const { order, session } = await paidSession();
      const res = await webhook(stand.sign(stand.completedEvent({ ...session, ...changed })));
      expect(res.statusCode).toBe(200);
      expect(res.json().outcome).toBe('amount_mismatch');
      expect(await ledger(order.id)).toHaveLength(0);
      expect((await mine(order.id)).payment.status).toBe('unpaid');
      const staffView = await app.inject({
        method: 'GET',
        url: `/api/v1/orders/admin/${order.id}`,
        headers: staff.headers,
      });
      const notes = (staffView.json().order.events as { internal_note: string | null }[]).map((e) => e.internal_note);
      expect(notes.some((n) => n?.includes('not recorded as paid'))).toBe(true);
    }
  });

  it('finding 8: a signature dated 10 minutes (or 6) in the future is refused, 400, nothing stored', async () => {
    const { order, session } = await paidSession();
    const event = stand.completedEvent(session);
    const before = await eventsSeen();
    for (const ahead of [10 * 60, 6 * 60]) {
      const res = await webhook(stand.sign(event, { timestamp: Math.floor(Date.now() / 1000) + ahead }));
      expect(res.statusCode, String(ahead)).toBe(400);
      expect(res.json().code).toBe('BAD_SIGNATURE');
    }
    expect(await eventsSeen()).toBe(before);
    expect(await ledger(order.id)).toHaveLength(0);
    expect((await webhook(stand.sign(event))).json().outcome).toBe('recorded');
  });
});
