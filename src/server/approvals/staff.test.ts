import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvalTokens, departments, orderEvents, orders } from '../db/schema';
import { approvalTokensFromMail, fillCart, mailsTo, pickup, someProducts } from '../test/orders';
import { createTestApp } from '../test/harness';
import { issueApprovalTokens } from '../approval-links';
import { json, signedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const APPROVERS = ['chief@steer.gov', 'deputy@steer.gov'];
await db
  .update(departments)
  .set({ approverEmails: APPROVERS })
  .where(eq(departments.name, 'Desert Valley Fire & Medical'));

async function orderAwaitingApproval(role: 'other' | 'employee' | 'admin' = 'other') {
  const u = await signedIn(app, role, {
    email: `crew-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@dvfire.gov`,
  });
  await fillCart(app, u.id, [{ quantity: 1, customizations: [] }]);
  const before = await approvalTokensFromMail(app, APPROVERS[0]!);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: u.headers, payload: pickup });
  expect(res.statusCode).toBe(201);
  const token = (await approvalTokensFromMail(app, APPROVERS[0]!)).find((t) => !before.includes(t))!;
  return { user: u, order: res.json().order as { id: number; order_number: string }, token };
}

const base = (id: number) => `/api/v1/orders/admin/${id}/approvals`;
const approvals = (id: number) => app.inject({ method: 'GET', url: base(id), headers: staff.headers });
const resend = (id: number) =>
  app.inject({ method: 'POST', url: `${base(id)}/resend`, headers: staff.headers, payload: {} });
const record = (id: number, payload: object) =>
  app.inject({ method: 'POST', url: `${base(id)}/record`, headers: staff.headers, payload });
const show = (t: string) => app.inject({ method: 'GET', url: `/api/v1/approvals/${t}` });
const statusOf = async (id: number) =>
  (await db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;

describe('approvals staff can steer', () => {
  it('lists each approver with when the link was sent and whether it was opened (first opening kept)', async () => {
    const { order, token } = await orderAwaitingApproval();
    const first = (await approvals(order.id)).json().approvals;
    expect(first).toMatchObject({
      awaiting: true,
      department_name: 'Desert Valley Fire & Medical',
      approvers: APPROVERS,
    });
    expect(first.links.map((l: { approver_email: string }) => l.approver_email).sort()).toEqual([...APPROVERS].sort());
    expect(
      first.links.every((l: { opened_at: null; state: string }) => l.opened_at === null && l.state === 'open'),
    ).toBe(true);

    expect((await show(token)).statusCode).toBe(200);
    const opened = (await approvals(order.id))
      .json()
      .approvals.links.find((l: { approver_email: string }) => l.approver_email === APPROVERS[0]);
    expect(opened.state).toBe('opened');
    expect(opened.opened_at).not.toBeNull();
    const stored = await db.select().from(approvalTokens).where(eq(approvalTokens.id, opened.id));
    expect(stored[0]!.openedAt?.toISOString()).toBe(opened.opened_at);
    await show(token);
    const again = (await approvals(order.id))
      .json()
      .approvals.links.find((l: { approver_email: string }) => l.approver_email === APPROVERS[0]);
    expect(again.opened_at).toBe(opened.opened_at);
    expect(await statusOf(order.id)).toBe('awaiting_approval');
  });

  it('resend kills the old tokens and e-mails new working ones', async () => {
    const { order, token } = await orderAwaitingApproval();
    const mailsBefore = (await mailsTo(app, APPROVERS[1]!)).length;
    const res = await resend(order.id);
    expect(res.statusCode).toBe(200);
    const links = res.json().approvals.links as { state: string; approver_email: string }[];
    expect(links.filter((l) => l.state === 'open')).toHaveLength(2);
    expect(links.filter((l) => l.state === 'replaced')).toHaveLength(2);
    expect((await mailsTo(app, APPROVERS[1]!)).length).toBe(mailsBefore + 1);

    // The old link is unknown now, on the page and for a decision; the new one decides.
    const old = await show(token);
    expect(old.statusCode).toBe(404);
    expect(old.json().detail).toContain('This approval link is not valid');
    const oldApprove = await app.inject({
      method: 'POST',
      url: `/api/v1/approvals/${token}/approve`,
      headers: json,
      payload: {},
    });
    expect(oldApprove.statusCode).toBe(409);
    expect(await statusOf(order.id)).toBe('awaiting_approval');
    const [newest] = (await approvalTokensFromMail(app, APPROVERS[0]!)).slice(-1);
    expect(newest).not.toBe(token);
    const ok = await app.inject({
      method: 'POST',
      url: `/api/v1/approvals/${newest}/approve`,
      headers: json,
      payload: {},
    });
    expect(ok.statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('pending');
    const after = (await approvals(order.id))
      .json()
      .approvals.links.map((l: { state: string }) => l.state)
      .sort();
    expect(after).toEqual(['approved', 'closed', 'replaced', 'replaced']);
    const note = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(note.some((e) => e.kind === 'note' && e.internalNote?.includes('sent again to'))).toBe(true);
  });

  it('a staff-recorded approval moves the order, records who and for whom, and mails the customer', async () => {
    const { user, order, token } = await orderAwaitingApproval();
    const res = await record(order.id, { decision: 'approve', reason: '  Chief approved by phone ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('pending');
    const last = res.json().order.events.at(-1);
    expect(last).toMatchObject({
      from_status: 'awaiting_approval',
      to_status: 'pending',
      actor_type: 'staff',
      actor_email: staff.email,
      reason: 'Chief approved by phone',
      details: 'Approved by phone or in person, recorded by staff on behalf of Desert Valley Fire & Medical',
    });
    const mail = (await mailsTo(app, user.email)).at(-1)!;
    expect(mail.subject).toBe(`Order ${order.order_number} approved`);
    expect(mail.textBody).not.toContain('Chief approved by phone');
    // Every link died with the decision.
    expect((await show(token)).json().approval.state).toBe('decided');
    const again = await record(order.id, { decision: 'deny', reason: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This order is not awaiting approval any more.');
    expect((await resend(order.id)).statusCode).toBe(409);
  });

  it('a staff-recorded denial keeps the reason as the denial reason and tells the customer', async () => {
    const { user, order } = await orderAwaitingApproval();
    const res = await record(order.id, { decision: 'deny', reason: 'Over budget, said the chief in person' });
    expect(res.json().order).toMatchObject({
      status: 'denied',
      denial_reason: 'Over budget, said the chief in person',
    });
    const mail = (await mailsTo(app, user.email)).at(-1)!;
    expect(mail.textBody).toContain('Reason: Over budget, said the chief in person');
  });

  it.each([
    [{ decision: 'approve' }, 'Say how the decision reached you (for example "Chief Ortiz approved by phone")'],
    [
      { decision: 'approve', reason: '   ' },
      'Say how the decision reached you (for example "Chief Ortiz approved by phone")',
    ],
    [{ decision: 'maybe', reason: 'x' }, 'Choose approve or deny'],
  ])('refuses %j with a clear 400 and changes nothing', async (body, message) => {
    const { order } = await orderAwaitingApproval();
    const res = await record(order.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
    expect(await statusOf(order.id)).toBe('awaiting_approval');
  });

  it('customers cannot see or steer approvals; an unknown order is 404', async () => {
    const { user, order } = await orderAwaitingApproval();
    expect((await app.inject({ method: 'GET', url: base(order.id), headers: user.headers })).statusCode).toBe(403);
    expect((await approvals(99_999_999)).statusCode).toBe(404);
  });

  it.each(['employee', 'admin'] as const)(
    'a %s who placed an order never decides it: record, status change and a link are 403 and change nothing (security round 3, finding 2)',
    async (role) => {
      const { user, order } = await orderAwaitingApproval(role);
      const mine = { headers: user.headers };
      for (const decision of ['approve', 'deny'] as const) {
        const res = await app.inject({
          method: 'POST',
          url: `${base(order.id)}/record`,
          ...mine,
          payload: { decision, reason: 'The chief said yes on the phone.' },
        });
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
      const status = await app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.id}/status`,
        ...mine,
        payload: { status: 'pending' },
      });
      expect(status.statusCode, status.body).toBe(403);
      // A link in the placer's own name (say, sent before they joined the department's approvers) decides nothing.
      const [own] = await db.transaction((tx) => issueApprovalTokens(tx, order.id, [user.email]));
      const link = await app.inject({
        method: 'POST',
        url: `/api/v1/approvals/${own!.token}/approve`,
        headers: json,
        payload: {},
      });
      expect(link.statusCode, link.body).toBe(403);
      expect(await statusOf(order.id)).toBe('awaiting_approval');
      // Someone else on staff still can.
      expect((await record(order.id, { decision: 'approve', reason: 'Chief approved by phone.' })).statusCode).toBe(
        200,
      );
    },
  );

  it('staff who placed a department order by phone never decide it: record, status change and a link are 403 (security round 4, finding 1)', async () => {
    const placer = await signedIn(app, 'employee');
    const customer = await signedIn(app, 'other', {
      email: `crew-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@dvfire.gov`,
    });
    const [p] = await someProducts(app, 1);
    const placed = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/for-customer/${customer.id}`,
      headers: placer.headers,
      payload: {
        items: [{ product_id: p!.id, size: p!.sizes[0]!.label, quantity: 1, customizations: [] }],
        channel: 'phone',
        fulfillment: 'pickup',
        payment_method: 'account',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: number; status: string };
    expect(order.status).toBe('awaiting_approval');
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ userId: customer.id, placedBy: placer.id });

    for (const decision of ['approve', 'deny'] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `${base(order.id)}/record`,
        headers: placer.headers,
        payload: { decision, reason: 'The chief said yes on the phone.' },
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'FORBIDDEN',
        detail: 'You placed this order, so you cannot approve or deny it.',
      });
    }
    const status = await app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order.id}/status`,
      headers: placer.headers,
      payload: { status: 'pending' },
    });
    expect(status.statusCode, status.body).toBe(403);
    // A link in the placer's name (they are also one of the department's approvers) decides nothing either.
    const [own] = await db.transaction((tx) => issueApprovalTokens(tx, order.id, [placer.email]));
    const link = await app.inject({
      method: 'POST',
      url: `/api/v1/approvals/${own!.token}/approve`,
      headers: json,
      payload: {},
    });
    expect(link.statusCode, link.body).toBe(403);
    expect(await statusOf(order.id)).toBe('awaiting_approval');
    // Another staff member may record the department's decision.
    expect((await record(order.id, { decision: 'approve', reason: 'Chief approved by phone.' })).statusCode).toBe(200);
  });

  it('resends once per order per 10 minutes: 30 tries send 2 mails in all, the rest 429 with the wait (security round 3, finding 7)', async () => {
    const { order } = await orderAwaitingApproval();
    const before = (await mailsTo(app, APPROVERS[0]!)).length;
    const codes: number[] = [];
    let refused: { detail: string; retry_after_seconds: number } | undefined;
    let retryAfter: unknown;
    for (let i = 0; i < 30; i += 1) {
      const res = await resend(order.id);
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        refused = res.json();
        retryAfter = res.headers['retry-after'];
      }
    }
    expect(codes).toEqual([200, ...Array(29).fill(429)]);
    expect(refused!.detail).toMatch(/You can send it again in 10 minutes\.$/);
    expect(refused!.retry_after_seconds).toBeGreaterThan(590);
    expect(Number(retryAfter)).toBeGreaterThan(590);
    // The placement's mail and one resend.
    expect((await mailsTo(app, APPROVERS[0]!)).length).toBe(before + 1);
  });
});
