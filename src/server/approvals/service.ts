import { and, asc, eq, ne } from 'drizzle-orm';
import { APPROVER_DECISIONS, type ApprovalView, type Order } from '../../shared/orders';
import type { Db, Executor } from '../db/client';
import { orderEvents } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { applyTransition, customersFor, findOrder, lockOrder, orderDto, type OrderRow } from '../orders';
import { findToken, tokenState, UNKNOWN_LINK, useToken, type TokenRow } from './tokens';

/** The event that took the order out of awaiting approval: who decided, what and when. */
async function decisionOf(db: Executor, orderId: number): Promise<ApprovalView['decision']> {
  const [e] = await db
    .select()
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.fromStatus, 'awaiting_approval'),
        ne(orderEvents.toStatus, 'awaiting_approval'),
      ),
    )
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
    .limit(1);
  if (!e) return null;
  return {
    status: e.toStatus,
    by: DECIDER[e.actorType] ?? e.actorEmail,
    at: e.createdAt.toISOString(),
    reason: e.reason,
  };
}

// Only an approver is named by address; the customer's own address never shows on a link.
const DECIDER: Partial<Record<string, string>> = { staff: 'Shop staff', customer: 'The customer', system: 'The shop' };

/**
 * An open link shows the approver who is deciding the customer's contact and delivery details; once the link is
 * used, decided or expired it shows the lines and the decision only: a forwarded or leaked old link gives away
 * no e-mail, phone, address or free-text note.
 */
async function view(db: Executor, token: TokenRow, order: OrderRow): Promise<{ approval: ApprovalView; order: Order }> {
  const state = tokenState(token, order.status);
  const approval = {
    state,
    approver_email: token.approverEmail,
    expires_at: token.expiresAt.toISOString(),
    decision: state === 'open' || state === 'expired' ? null : await decisionOf(db, order.id),
  };
  if (state === 'open')
    return { approval, order: await orderDto(db, order, { customers: await customersFor(db, [order.userId]) }) };
  const dto = await orderDto(db, order);
  return { approval, order: { ...dto, shipping_address: null, notes: null, events: [] } };
}

/** GET /approvals/:token only reads: mail scanners and link previews open links, and must never decide. */
export async function showApproval(db: Db, token: string) {
  const row = await findToken(db, token);
  const order = await findOrder(db, row.orderId);
  if (!order) throw notFound(UNKNOWN_LINK);
  return view(db, row, order);
}

export type Decision =
  { kind: 'approve'; comments: string | null } | { kind: 'deny'; reason: string; comments: string | null };

/** POST approve/deny: once, on this token's order only, while it awaits approval; every other link then dies. */
export async function decide(db: Db, token: string, d: Decision) {
  return db.transaction(async (tx) => {
    const row = await findToken(tx, token, true);
    const order = await lockOrder(tx, row.orderId);
    const state = tokenState(row, order.status);
    if (state === 'used') throw conflict(`You already ${row.decision} this order.`, 'APPROVAL_USED');
    if (state === 'decided')
      throw conflict('This order has already been decided; this link no longer works.', 'APPROVAL_DECIDED');
    if (state === 'expired')
      throw conflict('This approval link has expired. Ask the customer to contact the shop.', 'APPROVAL_EXPIRED');
    const decision = d.kind === 'approve' ? 'approved' : 'denied';
    const used = await useToken(tx, row.id, decision);
    const updated = await applyTransition(tx, order, {
      to: APPROVER_DECISIONS[d.kind],
      actor: { actorType: 'approver', actorEmail: row.approverEmail },
      reason: d.kind === 'deny' ? d.reason : null,
      comments: d.comments,
    });
    return view(tx, used, updated);
  });
}
