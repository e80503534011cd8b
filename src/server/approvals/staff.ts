import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  APPROVAL_RESEND_COOLDOWN_S,
  NO_APPROVER_TO_EMAIL,
  NOT_AWAITING_APPROVAL,
  type LinkState,
  type OrderApprovals,
  type RecordDecision,
} from '../../shared/order-approvals';
import { APPROVER_DECISIONS } from '../../shared/orders';
import type { Db, Executor } from '../db/client';
import { approvalTokens } from '../db/schema';
import { findDepartment } from '../departments';
import { conflict, notFound, tooManyRequests } from '../http/errors';
import { hitLimit } from '../http/rate-limit';
import { enqueueMail } from '../mail/outbox';
import {
  applyTransition,
  approvalRequestMail,
  approverLanguages,
  approversFor,
  customersFor,
  findOrder,
  lockOrder,
  ORDER_NOT_FOUND,
  orderDto,
  ownersOf,
  recordEvent,
  type OrderRow,
} from '../orders';
import { issueApprovalTokens, resendKey, retireOrderTokens, type TokenRow } from '../approval-links';
import { plural } from '../../shared/plural';

// Staff steering an order's approval: whom it was sent to and whether they looked, a fresh e-mail, a decision by phone.

/** `latest`: when the newest batch of links was issued (one transaction, one timestamp); older links were replaced. */
function linkState(t: TokenRow, order: OrderRow, now: Date, latest: number): LinkState {
  if (t.decision) return t.decision;
  if (t.usedAt && t.createdAt.getTime() < latest) return 'replaced';
  if (t.usedAt) return order.status === 'awaiting_approval' ? 'replaced' : 'closed';
  if (order.status !== 'awaiting_approval') return 'closed';
  if (t.expiresAt.getTime() <= now.getTime()) return 'expired';
  return t.openedAt ? 'opened' : 'open';
}

async function approvalsOf(db: Executor, order: OrderRow): Promise<OrderApprovals> {
  const [tokens, department, owners] = await Promise.all([
    db
      .select()
      .from(approvalTokens)
      .where(eq(approvalTokens.orderId, order.id))
      .orderBy(desc(approvalTokens.createdAt), desc(approvalTokens.id)),
    findDepartment(db, order.departmentId),
    ownersOf(db, order),
  ]);
  const now = new Date();
  const latest = Math.max(0, ...tokens.map((t) => t.createdAt.getTime()));
  return {
    awaiting: order.status === 'awaiting_approval',
    department_name: department?.name ?? null,
    approvers: department ? approversFor(department, owners).approvers : [],
    links: tokens.map((t) => ({
      id: t.id,
      approver_email: t.approverEmail,
      sent_at: t.createdAt.toISOString(),
      opened_at: t.openedAt?.toISOString() ?? null,
      expires_at: t.expiresAt.toISOString(),
      state: linkState(t, order, now, latest),
    })),
  };
}

/** GET /orders/admin/:id/approvals. */
export async function orderApprovals(db: Db, orderId: number): Promise<OrderApprovals> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return approvalsOf(db, order);
}

type Staff = { id: number; email: string };

/**
 * POST /orders/admin/:id/approvals/resend: every live link dies and each current approver gets a new one by
 * e-mail, in one transaction with the order locked; the timeline (staff only) says to whom.
 */
export async function resendApproval(db: Db, orderId: number, staff: Staff, appUrl: string): Promise<OrderApprovals> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== 'awaiting_approval') throw conflict(NOT_AWAITING_APPROVAL, 'NOT_AWAITING_APPROVAL');
    const customer = (await customersFor(tx, [order.userId])).get(order.userId)!;
    const { approvers } = approversFor(await findDepartment(tx, order.departmentId), await ownersOf(tx, order));
    if (approvers.length === 0) throw conflict(NO_APPROVER_TO_EMAIL, 'NO_APPROVER');
    // Once per order per 10 minutes: an approver's mailbox is not a target (security round 3, finding 7). The
    // counter commits with the resend, so a refused or failed one does not use it up.
    const limit = await hitLimit(tx, resendKey(order.id), 1, APPROVAL_RESEND_COOLDOWN_S);
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      throw tooManyRequests(
        `The approval e-mail was sent again less than 10 minutes ago. You can send it again in ${plural(minutes, 'minute')}.`,
        limit.retryAfterSeconds,
      );
    }
    await retireOrderTokens(tx, order.id);
    const tokens = await issueApprovalTokens(tx, order.id, approvers);
    const dto = await orderDto(tx, order);
    const languages = await approverLanguages(
      tx,
      tokens.map((t) => t.email),
    );
    await enqueueMail(
      tx,
      tokens.map((t) =>
        approvalRequestMail(dto, customer, t.email, t.token, appUrl, { why: 'resent' }, languages.get(t.email)),
      ),
    );
    await recordEvent(tx, {
      orderId: order.id,
      from: order.status,
      to: order.status,
      kind: 'note',
      actorType: 'staff',
      actorUserId: staff.id,
      actorEmail: staff.email,
      internalNote: `Approval e-mail sent again to ${approvers.join(', ')}; earlier links no longer work.`,
    });
    return approvalsOf(tx, order);
  });
}

/**
 * POST /orders/admin/:id/approvals/record: a decision an approver gave by phone or in person. The order moves as
 * a link decision moves it (same customer e-mail, every link dies); the event names the staff member and says
 * it was on the department's behalf.
 */
export async function recordDecision(
  db: Db,
  orderId: number,
  body: RecordDecision,
  staff: Staff,
  appUrl: string,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== 'awaiting_approval') throw conflict(NOT_AWAITING_APPROVAL, 'NOT_AWAITING_APPROVAL');
    const department = await findDepartment(tx, order.departmentId);
    const word = body.decision === 'approve' ? 'Approved' : 'Denied';
    return applyTransition(tx, order, {
      to: APPROVER_DECISIONS[body.decision],
      actor: { actorType: 'staff', actorUserId: staff.id, actorEmail: staff.email },
      reason: body.reason,
      details: `${word} by phone or in person, recorded by staff on behalf of ${department?.name ?? 'the department'}`,
      appUrl,
    });
  });
}

/** The first time a link's page is opened; later openings keep it. Never decides anything. */
export async function markOpened(db: Executor, tokenId: number): Promise<void> {
  await db
    .update(approvalTokens)
    .set({ openedAt: new Date() })
    .where(and(eq(approvalTokens.id, tokenId), isNull(approvalTokens.openedAt)));
}
