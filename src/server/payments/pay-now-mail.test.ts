import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { createTestApp } from '../test/harness';
import { approvalTokensFromMail, fillCart, mailsTo, pickup } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// The "Pay now" link of a card order: in the order mail when it can be paid at once, else in the approval mail.
const { app } = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_mail_only', STRIPE_API_BASE: 'http://127.0.0.1:9' });

async function place(user: SignedIn, body: object) {
  await fillCart(app, user.id, [{ quantity: 1 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}

describe('Pay now e-mail', () => {
  it('a card order placed without approval carries the pay link; a pickup-paid one does not', async () => {
    const u = await signedIn(app);
    const card = await place(u, { ...pickup, payment_method: 'card' });
    const counter = await place(u, pickup);
    const [first, second] = await mailsTo(app, u.email);
    expect(first!.subject).toBe(`Order ${card.order_number} received`);
    // Worded for both cases: the customer may have paid at Stripe by the time this arrives.
    expect(first!.textBody).toContain(
      `Not paid by card yet? Finish paying $${card.total.toFixed(2)} online: http://localhost:3000/orders?pay=${card.id}`,
    );
    expect(first!.textBody).not.toContain('Balance due');
    expect(first!.htmlBody).toContain(`href="http://localhost:3000/orders?pay=${card.id}"`);
    expect(second!.subject).toBe(`Order ${counter.order_number} received`);
    expect(second!.textBody).not.toContain('/orders?pay=');
  });

  it('a card order awaiting approval gets the link only in the approval e-mail', async () => {
    const medic = await signedIn(app, 'other', { email: `medic-${Date.now()}@dvfire.gov` });
    const order = await place(medic, { ...pickup, payment_method: 'card' });
    expect(order.status).toBe('awaiting_approval');
    expect((await mailsTo(app, medic.email))[0]!.textBody).not.toContain('/orders?pay=');
    const tokens = await approvalTokensFromMail(app, 'quartermaster@dvfire.gov');
    const approve = await app.inject({
      method: 'POST',
      url: `/api/v1/approvals/${tokens.at(-1)}/approve`,
      headers: { 'content-type': 'application/json' },
      payload: {},
    });
    expect(approve.statusCode).toBe(200);
    const approved = (await mailsTo(app, medic.email)).at(-1)!;
    expect(approved.subject).toBe(`Order ${order.order_number} approved`);
    expect(approved.textBody).toContain(`http://localhost:3000/orders?pay=${order.id}`);
  });
});
