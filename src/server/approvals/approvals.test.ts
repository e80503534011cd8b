import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvalTokens, departments, orders, users } from '../db/schema';
import { approvalTokensFromMail, fillCart, mailsTo, pickup, shipping } from '../test/orders';
import { createTestApp } from '../test/harness';
import { json, signedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const APPROVERS = ['quartermaster@dvfire.gov', 'deputy@dvfire.gov'];
await db
  .update(departments)
  .set({ approverEmails: APPROVERS })
  .where(eq(departments.name, 'Desert Valley Fire & Medical'));

/** A department member's order and the raw token each approver received by e-mail. */
async function orderAwaitingApproval() {
  const u = await signedIn(app, 'other', {
    email: `crew-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@dvfire.gov`,
    firstName: 'Rosa',
    lastName: 'Diaz',
  });
  await fillCart(app, u.id, [
    { quantity: 2, customizations: [{ type: 'add_name', position: 'left_side', text: 'DIAZ' }] },
  ]);
  const before = await Promise.all(APPROVERS.map((a) => approvalTokensFromMail(app, a)));
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: u.headers,
    payload: { ...pickup, po_number: 'DV-2291' },
  });
  expect(res.statusCode).toBe(201);
  const after = await Promise.all(APPROVERS.map((a) => approvalTokensFromMail(app, a)));
  const tokens = after.map((list, i) => list.find((t) => !before[i]!.includes(t))!);
  return { user: u, order: res.json().order as { id: number; order_number: string }, tokens };
}

const show = (t: string) => app.inject({ method: 'GET', url: `/api/v1/approvals/${t}` });
const approve = (t: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/api/v1/approvals/${t}/approve`, headers: json, payload });
const deny = (t: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1/approvals/${t}/deny`, headers: json, payload });
const statusOf = async (id: number) =>
  (await db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;

describe('approval links', () => {
  it('GET shows the order summary without a login and never decides anything', async () => {
    const { order, tokens } = await orderAwaitingApproval();
    for (let i = 0; i < 3; i++) {
      const res = await show(tokens[0]!);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        approval: { state: 'open', approver_email: APPROVERS[0], decision: null },
        order: {
          order_number: order.order_number,
          po_number: 'DV-2291',
          status: 'awaiting_approval',
          customer: { first_name: 'Rosa', last_name: 'Diaz' },
        },
      });
      expect(res.json().order.items[0].customizations[0]).toMatchObject({ type: 'add_name', text: 'DIAZ' });
    }
    expect(await statusOf(order.id)).toBe('awaiting_approval');
  });

  it("opens in the approver's own account's language, and guesses (null) for an approver without an account", async () => {
    const { tokens } = await orderAwaitingApproval();
    expect((await show(tokens[1]!)).json().language).toBeNull();
    const approver = await signedIn(app, 'other', { email: APPROVERS[1] });
    await db.update(users).set({ language: 'es' }).where(eq(users.id, approver.id));
    expect((await show(tokens[1]!)).json().language).toBe('es');
    await db.update(users).set({ language: 'en' }).where(eq(users.id, approver.id));
  });

  it('approves once: the order is pending, the event names the approver, the customer is told, every link dies', async () => {
    const { user, order, tokens } = await orderAwaitingApproval();
    const res = await approve(tokens[0]!, { comments: 'Within budget' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      order: { status: 'pending' },
      approval: { state: 'used', decision: { status: 'pending', by: APPROVERS[0] } },
    });
    const staffView = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/${order.id}`,
      headers: admin.headers,
    });
    const last = staffView.json().order.events.at(-1);
    expect(last).toMatchObject({
      from_status: 'awaiting_approval',
      to_status: 'pending',
      actor_type: 'approver',
      actor_email: APPROVERS[0],
      comments: 'Within budget',
    });
    expect((await mailsTo(app, user.email)).at(-1)!.subject).toBe(`Order ${order.order_number} approved`);

    const twice = await approve(tokens[0]!);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('You already approved this order.');
    const other = await deny(tokens[1]!, { denial_reason: 'Too late' });
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe('This order has already been decided; this link no longer works.');
    expect(await statusOf(order.id)).toBe('pending');

    const seenByOther = (await show(tokens[1]!)).json().approval;
    expect(seenByOther).toMatchObject({ state: 'decided', decision: { status: 'pending', by: APPROVERS[0] } });
    expect(Date.parse(seenByOther.decision.at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await show(tokens[0]!)).json().approval.state).toBe('used');
  });

  it('denies with a required reason, which the customer receives', async () => {
    const { user, order, tokens } = await orderAwaitingApproval();
    const missing = await deny(tokens[1]!, { denial_reason: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('A denial reason is required');
    expect(await statusOf(order.id)).toBe('awaiting_approval');
    const res = await deny(tokens[1]!, { denial_reason: 'Use the navy polo instead', comments: 'Resubmit please' });
    expect(res.json()).toMatchObject({
      order: { status: 'denied', denial_reason: 'Use the navy polo instead' },
      approval: {
        state: 'used',
        decision: { status: 'denied', by: APPROVERS[1], reason: 'Use the navy polo instead' },
      },
    });
    const mail = (await mailsTo(app, user.email)).at(-1)!;
    expect(mail.subject).toBe(`Order ${order.order_number} denied`);
    expect(mail.textBody).toContain('Use the navy polo instead');
  });

  it('expires after its time and then cannot act', async () => {
    const { order, tokens } = await orderAwaitingApproval();
    await db
      .update(approvalTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(approvalTokens.orderId, order.id));
    expect((await show(tokens[0]!)).json().approval.state).toBe('expired');
    const res = await approve(tokens[0]!);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('APPROVAL_EXPIRED');
    expect(await statusOf(order.id)).toBe('awaiting_approval');
  });

  it("acts only on its own order: approving one order leaves another's untouched", async () => {
    const a = await orderAwaitingApproval();
    const b = await orderAwaitingApproval();
    await approve(a.tokens[0]!);
    expect(await statusOf(a.order.id)).toBe('pending');
    expect(await statusOf(b.order.id)).toBe('awaiting_approval');
    expect((await show(b.tokens[0]!)).json().approval.state).toBe('open');
  });

  it('a link for a cancelled order shows that it was decided and by whom', async () => {
    const { user, order, tokens } = await orderAwaitingApproval();
    await app.inject({ method: 'DELETE', url: `/api/v1/orders/${order.id}`, headers: user.headers });
    const view = (await show(tokens[0]!)).json().approval;
    expect(view).toMatchObject({ state: 'decided', decision: { status: 'cancelled', by: 'The customer' } });
    expect((await approve(tokens[0]!)).statusCode).toBe(409);
  });

  it("a decided, used or expired link shows the decision but not the customer's e-mail, phone or address", async () => {
    const u = await signedIn(app, 'other', {
      email: `pii-${Date.now()}@dvfire.gov`,
      firstName: 'Ana',
      lastName: 'Ruiz',
      phone: '6025550199',
    });
    await fillCart(app, u.id, [{ quantity: 1 }]);
    const before = await Promise.all(APPROVERS.map((a) => approvalTokensFromMail(app, a)));
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      headers: u.headers,
      payload: { ...shipping, notes: 'Call me at 602-555-0199' },
    });
    expect(placed.statusCode).toBe(201);
    const tokens = (await Promise.all(APPROVERS.map((a) => approvalTokensFromMail(app, a)))).map((list, i) =>
      list.find((t) => !before[i]!.includes(t))!,
    );
    const open = (await show(tokens[0]!)).body;
    expect(open).toContain(u.email);
    expect(open).toContain(shipping.shipping_address.address_line1);

    const used = await approve(tokens[0]!, { comments: 'ok' });
    const decided = await show(tokens[1]!);
    const usedAgain = await show(tokens[0]!);
    for (const res of [used, decided, usedAgain]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().approval.decision).toMatchObject({ status: 'pending', by: APPROVERS[0] });
      for (const secret of [
        u.email,
        '6025550199',
        '602-555-0199',
        shipping.shipping_address.address_line1,
        shipping.shipping_address.zip_code,
      ]) {
        expect(res.body).not.toContain(secret);
      }
      expect(res.json().order).toMatchObject({ shipping_address: null, notes: null, events: [] });
      expect(res.json().order).not.toHaveProperty('customer');
    }

    const late = await orderAwaitingApproval();
    await db
      .update(approvalTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(approvalTokens.orderId, late.order.id));
    const expired = await show(late.tokens[0]!);
    expect(expired.json().approval.state).toBe('expired');
    expect(expired.body).not.toContain(late.user.email);
  });

  it('answers 404 with a clear message for an unknown token, and the stored hash is not a token', async () => {
    expect((await show('bad%00token%2Fwith-odd-bytes')).statusCode).toBe(404);
    const res = await show('not-a-real-token-at-all');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/^This approval link is not valid/);
    const [row] = await db.select().from(approvalTokens).limit(1);
    expect((await show(row!.tokenHash)).statusCode).toBe(404);
    expect((await approve('not-a-real-token-at-all')).statusCode).toBe(404);
  });
});

describe('nobody approves their own order', () => {
  const place = async (email: string) => {
    const u = await signedIn(app, 'other', { email, firstName: 'Sam', lastName: 'Lee' });
    await fillCart(app, u.id, [{ quantity: 1 }]);
    const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: u.headers, payload: pickup });
    expect(res.statusCode).toBe(201);
    return {
      user: u,
      order: res.json().order as {
        id: number;
        order_number: string;
        status: string;
        events: { reason: string | null }[];
      },
    };
  };
  const tokensOf = async (orderId: number) =>
    (
      await db
        .select({ approver: approvalTokens.approverEmail })
        .from(approvalTokens)
        .where(eq(approvalTokens.orderId, orderId))
    ).map((t) => t.approver);

  it('with two approvers, the one who placed the order gets no link and the other decides', async () => {
    const { order } = await place(APPROVERS[0]!);
    expect(order.status).toBe('awaiting_approval');
    expect(await tokensOf(order.id)).toEqual([APPROVERS[1]]);
    const mails = await mailsTo(app, APPROVERS[0]!);
    expect(
      mails.filter((m) => m.subject.includes(order.order_number) && m.subject.startsWith('Approval needed')),
    ).toHaveLength(0);
  });

  it('with one approver who placed it, the order waits for shop staff, who see why and decide', async () => {
    await db
      .update(departments)
      .set({ approverEmails: ['solo@dvfire.gov'] })
      .where(eq(departments.name, 'Desert Valley Fire & Medical'));
    try {
      const { user, order } = await place('solo@dvfire.gov');
      expect(order.status).toBe('awaiting_approval');
      expect(await tokensOf(order.id)).toEqual([]);
      const staffView = (
        await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${order.id}`, headers: admin.headers })
      ).json().order;
      expect(staffView.events[0].reason).toMatch(
        /Waiting for shop staff: the only approver of the department placed this order/,
      );
      const decided = await app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.id}/status`,
        headers: admin.headers,
        payload: { status: 'pending', comments: 'Approved by the chief by phone' },
      });
      expect(decided.statusCode).toBe(200);
      expect(decided.json().order.status).toBe('pending');
      expect((await mailsTo(app, user.email)).at(-1)!.subject).toBe(`Order ${order.order_number} approved`);
    } finally {
      await db
        .update(departments)
        .set({ approverEmails: APPROVERS })
        .where(eq(departments.name, 'Desert Valley Fire & Medical'));
    }
  });
});
