import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { createTestApp } from '../test/harness';
import { fillCart, mailsTo, pickup } from '../test/orders';
import { startStripeStandIn, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../test/stripe-stand-in';
import { signedIn, type SignedIn } from '../test/users';

// Mails that reconcile: read back from the outbox, each money mail lists the order, the change as its own line, what
// was paid and what is left; a card payment online brings a receipt; a card order's first mail never says "Balance due".
const stand = await startStripeStandIn();
const { app } = await createTestApp({
  STRIPE_SECRET_KEY: TEST_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_API_BASE: stand.url,
});
const staff = await signedIn(app, 'employee');
const usd = (n: number) => `$${n.toFixed(2)}`;

async function place(user: SignedIn, body: object) {
  await fillCart(app, user.id, [{ quantity: 2 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
const staffPost = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1/orders/admin/${url}`, headers: staff.headers, payload });

describe('mails that reconcile', () => {
  it('a card order: the order mail is true whether or not the card went through; the payment brings a receipt', async () => {
    const u = await signedIn(app);
    const order = await place(u, { ...pickup, payment_method: 'card' });
    const [received] = await mailsTo(app, u.email);
    expect(received!.subject).toBe(`Order ${order.order_number} received`);
    for (const body of [received!.textBody, received!.htmlBody]) {
      expect(body).not.toContain('Balance due');
      expect(body).not.toContain(`Pay ${usd(order.total)} by card online`);
    }
    expect(received!.textBody).toContain(`To pay by card: ${usd(order.total)}. Paid online already?`);
    expect(received!.textBody).toContain(`Not paid by card yet? Finish paying ${usd(order.total)} online`);

    const start = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/pay`,
      headers: u.headers,
      payload: {},
    });
    expect(start.statusCode).toBe(200);
    const session = stand.pay((start.json().url as string).split('/').at(-1)!);
    const event = stand.completedEvent(session);
    const hook = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': stand.sign(event).header! },
        payload: stand.sign(event).payload,
      });
    expect((await hook()).json().outcome).toBe('recorded');
    expect((await hook()).json().outcome).toBe('duplicate');
    const mails = await mailsTo(app, u.email);
    const receipts = mails.filter((m) => m.subject.startsWith('Receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Receipt: ${usd(order.total)} paid on order ${order.order_number}`);
    const text = receipts[0]!.textBody;
    expect(text).toContain(order.items[0]!.product_name);
    expect(text).toContain(`Order total: ${usd(order.total)}`);
    expect(text).toContain(`Paid (card online (stripe)): ${usd(order.total)}`);
    expect(text).toContain('Left to pay: $0.00');
    expect(text).not.toContain('Balance due');
  });

  it('a refund mail and a credit mail: the order lines, the change on its own line, what was paid and what is left', async () => {
    const u = await signedIn(app);
    const order = await place(u, pickup);
    expect((await staffPost(`${order.id}/payments`, { amount: 10, method: 'cash' })).statusCode).toBe(200);
    expect((await staffPost(`${order.id}/credits`, { amount: 2, reason: 'Late' })).statusCode).toBe(200);
    const refunded = await staffPost(`${order.id}/refunds`, { amount: 4, method: 'cash', reason: 'Wrong size' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = refunded.json().order as Order;

    const mails = await mailsTo(app, u.email);
    const credit = mails.find((m) => m.subject === `Credit of $2.00 on order ${order.order_number}`)!;
    const refund = mails.find((m) => m.subject === `Refund of $4.00 on order ${order.order_number}`)!;
    for (const m of [credit, refund]) {
      expect(m.textBody).toContain(order.items[0]!.product_name);
      expect(m.textBody).toContain(`Order total: ${usd(order.total)}`);
      expect(m.textBody).toContain('Paid (cash): $10.00');
    }
    expect(credit.textBody).toContain('This credit: -$2.00');
    expect(credit.textBody).toContain(`Owed: ${usd(order.total - 2)}`);
    expect(credit.textBody).toContain(`Left to pay: ${usd(order.total - 12)}`);
    expect(refund.textBody).toContain('Credit: -$2.00');
    expect(refund.textBody).toContain('This refund: -$4.00');
    expect(refund.textBody).toContain(`Left to pay: ${usd(after.payment.balance)}`);
    // The figures reconcile: owed - (paid - refunded) = what is left.
    expect(Math.round((after.payment.amount_due - (10 - 4)) * 100)).toBe(Math.round(after.payment.balance * 100));
  });
});
