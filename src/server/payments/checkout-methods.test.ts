import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { createTestApp } from '../test/harness';
import { signedIn, type SignedIn } from '../test/users';
import { addTaxExemptDepartment, fillCart, pickup, shipping } from '../test/orders';

// Checkout's payment method: which apply, the default, and a clear 400 for one that does not.
const { app } = await createTestApp();
await addTaxExemptDepartment(app);

async function place(user: SignedIn, body: object) {
  await fillCart(app, user.id, [{ quantity: 2 }]);
  return app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
}
const info = async (user: SignedIn) =>
  (await app.inject({ method: 'GET', url: '/api/v1/orders/checkout-info', headers: user.headers })).json();

describe('payment method at checkout without Stripe', () => {
  it('a member defaults to the account, keeps the PO number, and owes the whole total', async () => {
    const member = await signedIn(app, 'other', { email: `clerk-${Date.now()}@maricopa.test` });
    expect((await info(member)).payment_methods).toEqual({
      pickup: ['account', 'pickup'],
      shipping: ['account', 'invoice'],
    });
    const res = await place(member, { ...shipping, po_number: 'PO-7781' });
    expect(res.statusCode).toBe(201);
    const order = res.json().order as Order;
    expect(order.po_number).toBe('PO-7781');
    expect(order.payment).toEqual({
      method: 'account',
      status: 'unpaid',
      amount_due: order.total,
      amount_paid: 0,
      credited: 0,
      balance: order.total,
      refund_due: false,
      refund_due_amount: 0,
      status_label: 'Unpaid',
      customer_label: 'Balance due',
      // On the department's account: the member pays nothing at the counter.
      split: { order_total: order.total, allowance: 0, department_account: order.total, member_pays: 0 },
      adjustments: [],
      entries: [],
    });
    expect(order.total).toBeGreaterThan(0);
  });

  it('a member may choose to pay at pickup for a pickup order', async () => {
    const member = await signedIn(app, 'other', { email: `deputy-${Date.now()}@maricopa.test` });
    const res = await place(member, { ...pickup, payment_method: 'pickup' });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.payment.method).toBe('pickup');
  });

  it('refuses a method that does not apply with 400 naming payment_method, and places nothing', async () => {
    const u = await signedIn(app);
    expect((await info(u)).payment_methods).toEqual({ pickup: ['pickup'], shipping: ['invoice'] });
    const onAccount = await place(u, { ...pickup, payment_method: 'account' });
    expect(onAccount.statusCode).toBe(400);
    expect(onAccount.json().errors).toEqual([
      {
        field: 'payment_method',
        message: "Only members of a department can put an order on the department's account. Choose pay at pickup.",
      },
    ]);
    const card = await place(u, { ...pickup, payment_method: 'card' });
    expect(card.statusCode).toBe(400);
    expect(card.json().errors[0]).toMatchObject({ field: 'payment_method' });
    expect(card.json().detail).toContain('Card payment online is not available');
    const bogus = await place(u, { ...pickup, payment_method: 'bitcoin' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().errors[0]).toMatchObject({ field: 'payment_method' });
    const mine = await app.inject({ method: 'GET', url: '/api/v1/orders/', headers: u.headers });
    expect(mine.json().orders).toEqual([]);
    const ok = await place(u, pickup);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().order.payment).toMatchObject({ method: 'pickup', status: 'unpaid' });
  });
});

describe('payment method at checkout with Stripe configured', async () => {
  const { app: cardApp } = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  });
  it('offers card, and takes it when chosen', async () => {
    const u = await signedIn(cardApp);
    const got = await cardApp.inject({ method: 'GET', url: '/api/v1/orders/checkout-info', headers: u.headers });
    expect(got.json().payment_methods).toEqual({ pickup: ['pickup', 'card'], shipping: ['card', 'invoice'] });
    await fillCart(cardApp, u.id, [{ quantity: 1 }]);
    const res = await cardApp.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      headers: u.headers,
      payload: { ...pickup, payment_method: 'card' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.payment.method).toBe('card');
  });
});
