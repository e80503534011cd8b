import { and, asc, eq, ne } from 'drizzle-orm';
import { APPROVER_DECISIONS, type ApprovalView, type Order } from '../../shared/orders';
import { hashToken } from '../auth/tokens';
import type { Db, Executor } from '../db/client';
import { approvalTokens, orderEvents } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { customersFor, findOrder, orderDto, type OrderRow } from '../orders/dto';
import { applyTransition, lockOrder } from '../orders/status';

type TokenRow = typeof approvalTokens.$inferSelect;

export const UNKNOWN_LINK = 'This approval link is not valid. Check that you opened the whole link from the e-mail.';

async function findToken(db: Executor, token: string, lock = false): Promise<TokenRow> {
  const q = db.select().from(approvalTokens).where(eq(approvalTokens.tokenHash, hashToken(token)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(UNKNOWN_LINK);
  return row;
}

/** The event that took the order out of awaiting approval: who decided, what and when. */
async function decisionOf(db: Executor, orderId: number): Promise<ApprovalView['decision']> {
  const [e] = await db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.fromStatus, 'awaiting_approval'), ne(orderEvents.toStatus, 'awaiting_approval')))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
    .limit(1);
  if (!e) return null;
  return { status: e.toStatus, by: e.actorType === 'staff' ? 'Shop staff' : e.actorEmail, at: e.createdAt.toISOString(), reason: e.reason };
}

function stateOf(token: TokenRow, order: OrderRow): ApprovalView['state'] {
  if (token.decision) return 'used';
  if (order.status !== 'awaiting_approval' || token.usedAt) return 'decided';
  if (token.expiresAt.getTime() <= Date.now()) return 'expired';
  return 'open';
}

async function view(db: Executor, token: TokenRow, order: OrderRow): Promise<{ approval: ApprovalView; order: Order }> {
  const customers = await customersFor(db, [order.userId]);
  const state = stateOf(token, order);
  return {
    approval: {
      state,
      approver_email: token.approverEmail,
      expires_at: token.expiresAt.toISOString(),
      decision: state === 'open' || state === 'expired' ? null : await decisionOf(db, order.id),
    },
    order: await orderDto(db, order, { customers }),
  };
}

/** GET /approvals/:token only reads: mail scanners and link previews open links, and must never decide. */
export async function showApproval(db: Db, token: string) {
  const row = await findToken(db, token);
  const order = await findOrder(db, row.orderId);
  if (!order) throw notFound(UNKNOWN_LINK);
  return view(db, row, order);
}

export type Decision = { kind: 'approve'; comments: string | null } | { kind: 'deny'; reason: string; comments: string | null };

/** POST approve/deny: once, on this token's order only, while it awaits approval; every other link then dies. */
export async function decide(db: Db, token: string, d: Decision) {
  return db.transaction(async (tx) => {
    const row = await findToken(tx, token, true);
    const order = await lockOrder(tx, row.orderId);
    const state = stateOf(row, order);
    if (state === 'used') throw conflict(`You already ${row.decision} this order.`, 'APPROVAL_USED');
    if (state === 'decided') throw conflict('This order has already been decided; this link no longer works.', 'APPROVAL_DECIDED');
    if (state === 'expired') throw conflict('This approval link has expired. Ask the customer to contact the shop.', 'APPROVAL_EXPIRED');
    const decision = d.kind === 'approve' ? 'approved' : 'denied';
    await tx.update(approvalTokens).set({ usedAt: new Date(), decision }).where(eq(approvalTokens.id, row.id));
    const updated = await applyTransition(tx, order, {
      to: APPROVER_DECISIONS[d.kind],
      actor: { actorType: 'approver', actorEmail: row.approverEmail },
      reason: d.kind === 'deny' ? d.reason : null,
      comments: d.comments,
    });
    const [fresh] = await tx.select().from(approvalTokens).where(eq(approvalTokens.id, row.id));
    return view(tx, fresh!, updated);
  });
}
