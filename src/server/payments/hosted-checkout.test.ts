import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { payments } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup } from '../test/orders';
import { startStripeStandIn, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../test/stripe-stand-in';
import { signedIn } from '../test/users';

// The stand-in's hosted Checkout page, as the browser end-to-end test uses it: the customer pays or goes back, the
// signed webhook reaches the shop over HTTP, and the browser is sent to the session's success_url or cancel_url.
const stand = await startStripeStandIn();
const { app } = await createTestApp({
  STRIPE_SECRET_KEY: TEST_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_API_BASE: stand.url,
});
await app.listen({ port: 0, host: '127.0.0.1' });
stand.deliverTo(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/payments/stripe/webhook`);
const customer = await signedIn(app);

async function checkoutPage() {
  await fillCart(app, customer.id, [{ quantity: 1 }]);
  const placed = await app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: customer.headers,
    payload: { ...pickup, payment_method: 'card' },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json().order as Order;
  const pay = await app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/pay`, headers: customer.headers });
  expect(pay.statusCode).toBe(200);
  return { order, url: pay.json().url as string };
}
const mine = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: customer.headers })).json().order as Order;
const recheck = async (id: number) =>
  (await app.inject({ method: 'POST', url: `/api/v1/orders/${id}/pay/check`, headers: customer.headers })).json()
    .order as Order;
const ledger = (orderId: number) => app.deps.db.select().from(payments).where(eq(payments.orderId, orderId));

describe("the stand-in's hosted checkout page", () => {
  it('shows the amount and a way back; Pay sends the signed webhook, then the browser to success_url', async () => {
    const { order, url } = await checkoutPage();
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Pay $${order.total.toFixed(2)}`);
    expect(html).toContain(`Order ${order.order_number}`);
    expect(html).toContain(`href="http://localhost:3000/orders/${order.id}/placed?payment=cancelled"`);

    const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/orders/${order.id}/placed?payment=return`);
    const id = url.split('/').at(-1)!;
    expect(stand.delivered.filter((d) => d.sessionId === id)).toEqual([
      { type: 'checkout.session.completed', sessionId: id, status: 200 },
    ]);
    expect((await mine(order.id)).payment).toMatchObject({ status: 'paid', amount_paid: order.total, balance: 0 });
    // The return's re-check finds it recorded: still one payment.
    expect((await recheck(order.id)).payment.status).toBe('paid');
    expect(await ledger(order.id)).toHaveLength(1);
    // The page of a finished session offers no second payment.
    expect(await (await fetch(url)).text()).toContain('This checkout session is complete.');
    expect((await fetch(url, { method: 'POST', redirect: 'manual' })).status).toBe(200);
    expect(await ledger(order.id)).toHaveLength(1);
  });

  it('a delayed payment method: complete but unpaid until Stripe settles it with async_payment_succeeded', async () => {
    const { order, url } = await checkoutPage();
    stand.behaviour.payment = 'delayed';
    try {
      const back = await fetch(url, { method: 'POST', redirect: 'manual' });
      expect(back.status).toBe(303);
    } finally {
      stand.behaviour.payment = 'instant';
    }
    expect((await recheck(order.id)).payment.status).toBe('unpaid');
    expect(await ledger(order.id)).toHaveLength(0);
    await stand.settle(url.split('/').at(-1)!);
    expect(stand.delivered.at(-1)).toMatchObject({ type: 'checkout.session.async_payment_succeeded', status: 200 });
    expect((await mine(order.id)).payment.status).toBe('paid');
    expect(await ledger(order.id)).toHaveLength(1);
  });

  it('Stripe refusing to open a session is a 502 in words, and the order stays placed and payable', async () => {
    await fillCart(app, customer.id, [{ quantity: 1 }]);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      headers: customer.headers,
      payload: { ...pickup, payment_method: 'card' },
    });
    const order = placed.json().order as Order;
    stand.behaviour.refuseCheckout = true;
    try {
      const pay = await app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/pay`,
        headers: customer.headers,
      });
      expect(pay.statusCode).toBe(502);
      expect(pay.json()).toMatchObject({
        code: 'PAYMENT_PROVIDER_ERROR',
        detail:
          'The card payment service refused to start the payment: Your account cannot currently make live charges.',
      });
    } finally {
      stand.behaviour.refuseCheckout = false;
    }
    expect((await mine(order.id)).payment).toMatchObject({ method: 'card', status: 'unpaid', balance: order.total });
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/pay`,
      headers: customer.headers,
    });
    expect(again.statusCode).toBe(200);
  });

  it('an unknown session has no page', async () => {
    expect((await fetch(`${stand.url}/c/pay/cs_test_nope`)).status).toBe(404);
  });
});
