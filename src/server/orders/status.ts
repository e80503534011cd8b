import { and, eq } from 'drizzle-orm';
import {
  isStepBack,
  nextStatuses,
  reasonRequiredFor,
  STATUS_LABELS,
  type OrderStatus,
  type StatusUpdate,
} from '../../shared/orders';
import { CANCELLABLE, isCalledOff } from '../../shared/order-statuses';
import type { Db, Executor, Tx } from '../db/client';
import { orders } from '../db/schema';
import { returnOrderAllowance } from '../allowances';
import { enqueueMail } from '../mail/outbox';
import { badRequest, conflict, forbidden, notFound, warningsConflict, type Warning } from '../http/errors';
import { customersFor, orderDto, ownersOf, type OrderRow } from './dto';
import { NOTIFY_STATUSES, statusMail } from './mails';
import { recordEvent, type EventInput } from './events';
import { unpaidRefusal } from '../accounts';
import { retireOrderTokens } from '../approval-links';
import { assertProofsApproved } from './proof-pending';
import { trackingReuseCheck } from './tracking-in-use';
import { customerLanguage } from './customer-language';

export const ORDER_NOT_FOUND = 'Order not found';

/** Locks the order row so two deciders (staff, approvers, the customer) never act on the same state. */
export async function lockOrder(tx: Tx, id: number, ownerId?: number): Promise<OrderRow> {
  const where = ownerId === undefined ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.userId, ownerId));
  const [row] = await tx.select().from(orders).where(where).for('update');
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

export type Transition = {
  to: OrderStatus;
  actor: Pick<EventInput, 'actorType' | 'actorUserId' | 'actorEmail'>;
  reason?: string | null;
  /** Customer-visible: the timeline and the e-mail. */
  comments?: string | null;
  /** Staff only: kept on the event, never passed to a customer e-mail. */
  internalNote?: string | null;
  /** What the move was, in words, on the event (a decision staff recorded for the department). */
  details?: string | null;
  /** Kept on the order when it ships. */
  shipment?: { carrier: string | null; trackingNumber: string };
  /** For the order link in the customer's mail and the "Pay now" link in the approval e-mail of a card order. */
  appUrl: string;
};

export const OWN_ORDER_DECISION = 'You placed this order, so you cannot approve or deny it.';

/**
 * Neither the customer nor the person who placed an order (staff, for a phone order) ever decides it, whatever their
 * role: not by link, not by a decision staff record by phone, not by a status change (security round 3, finding 2;
 * round 4, finding 1). Checked here, where every decision passes.
 */
async function refuseOwnDecision(tx: Tx, order: OrderRow, t: Transition): Promise<void> {
  if (order.status !== 'awaiting_approval' || (t.to !== 'pending' && t.to !== 'denied')) return;
  const id = t.actor.actorUserId;
  if (id !== undefined && id !== null && (id === order.userId || id === order.placedBy))
    throw forbidden(OWN_ORDER_DECISION);
  const by = t.actor.actorEmail?.toLowerCase();
  if (by && (await ownersOf(tx, order)).includes(by)) throw forbidden(OWN_ORDER_DECISION);
}

/** Moves an order, records the event, retires open approval links and queues the customer's e-mail when it matters. */
export async function applyTransition(tx: Tx, order: OrderRow, t: Transition): Promise<OrderRow> {
  await refuseOwnDecision(tx, order, t);
  if (t.to === 'in_production') await assertProofsApproved(tx, order.id);
  // Checked here, where every move passes (one order, bulk, cancel with a refund), before anything is written.
  const needsReason = reasonRequiredFor(order.status, t.to);
  if (needsReason && !t.reason)
    throw badRequest(needsReason, [{ field: 'denial_reason', message: needsReason }], 'REASON_REQUIRED');
  const [updated] = await tx
    .update(orders)
    .set({
      status: t.to,
      updatedAt: new Date(),
      ...(t.to === 'denied' ? { denialReason: t.reason ?? null } : {}),
      ...(t.to === 'shipped' && t.shipment
        ? { carrier: t.shipment.carrier, trackingNumber: t.shipment.trackingNumber }
        : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  await recordEvent(tx, {
    orderId: order.id,
    from: order.status,
    to: t.to,
    ...t.actor,
    reason: t.reason,
    comments: t.comments,
    internalNote: t.internalNote,
    details: t.details,
  });
  if (order.status === 'awaiting_approval') await retireOrderTokens(tx, order.id);
  // An order that will not be made gives its member's allowance back, exactly what it still holds.
  if (isCalledOff(t.to)) {
    await returnOrderAllowance(tx, order.id, t.to === 'cancelled' ? 'Order cancelled' : 'Order denied');
  }
  if (NOTIFY_STATUSES.includes(t.to)) {
    const customer = (await customersFor(tx, [order.userId])).get(order.userId)!;
    const dto = await orderDto(tx, updated!);
    const approved = order.status === 'awaiting_approval' && t.to === 'pending';
    const steppedBack = isStepBack(order.status, t.to);
    const approvedBy = approved
      ? t.actor.actorType === 'approver'
        ? (t.actor.actorEmail ?? null)
        : 'Shop staff'
      : null;
    await enqueueMail(
      tx,
      // The customer reads a reason only for a denial or cancellation: an approval staff recorded with how it
      // reached them mails exactly what an approver's link approval does.
      statusMail(dto, customer, {
        reason: t.to === 'denied' || t.to === 'cancelled' || steppedBack ? t.reason : null,
        comments: t.comments,
        approvedBy,
        steppedBack,
        appUrl: t.appUrl,
        language: await customerLanguage(tx, order.userId),
      }),
    );
  }
  return updated!;
}

const label = (s: OrderStatus) => STATUS_LABELS[s].toLowerCase();

/** The refusal a staff move from the order's status to `to` gets, or null when the move is allowed. */
export function illegalMove(order: Pick<OrderRow, 'status' | 'fulfillment'>, to: OrderStatus): string | null {
  const allowed = nextStatuses(order.status, order.fulfillment);
  if (allowed.includes(to)) return null;
  const options = allowed.length ? `Allowed next: ${allowed.map(label).join(', ')}.` : 'It cannot change any more.';
  return `Cannot change an order from ${label(order.status)} to ${label(to)}. ${options}`;
}

/**
 * What a staff move records besides the new status: the reason for a denial, a cancellation or a step back out of
 * production (`from`, the order's status), and both kinds of comment.
 */
export function staffTransition(
  body: Pick<StatusUpdate, 'status' | 'denial_reason' | 'comments' | 'internal_note'> &
    Partial<Pick<StatusUpdate, 'carrier' | 'tracking_number'>>,
  staff: { id: number; email: string },
  from?: OrderStatus,
): Omit<Transition, 'appUrl'> {
  const withReason = body.status === 'denied' || body.status === 'cancelled' || (from && isStepBack(from, body.status));
  return {
    to: body.status,
    actor: { actorType: 'staff', actorUserId: staff.id, actorEmail: staff.email },
    reason: withReason ? body.denial_reason : null,
    comments: body.comments,
    internalNote: body.internal_note,
    shipment:
      body.status === 'shipped' && body.tracking_number
        ? { carrier: body.carrier ?? null, trackingNumber: body.tracking_number }
        : undefined,
  };
}

/**
 * Nothing ships unpaid by accident (docs/product.md#the-account-of-an-order): shipping or completing an order with a balance is refused with
 * UNPAID_BALANCE unless staff say allow_unpaid; then the move's event records it. Answers the event's words.
 */
export async function unpaidCheck(
  tx: Executor,
  order: OrderRow,
  to: OrderStatus,
  allowUnpaid: boolean,
): Promise<{ refusal: string | null; details: string | null }> {
  const owes = await unpaidRefusal(tx, order, to);
  if (!owes) return { refusal: null, details: null };
  const verb = to === 'shipped' ? 'ship' : 'complete';
  if (!allowUnpaid)
    return { refusal: `${owes}. Record the payment first, or confirm to ${verb} it unpaid.`, details: null };
  return { refusal: null, details: `${STATUS_LABELS[to]} unpaid, as staff confirmed: ${owes}` };
}

/** PUT /orders/:id/status: staff move an order along the state machine only. */
export async function staffUpdateStatus(
  db: Db,
  id: number,
  body: StatusUpdate,
  staff: { id: number; email: string },
  appUrl: string,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const refusal = illegalMove(order, body.status);
    if (refusal) throw conflict(refusal, 'ILLEGAL_TRANSITION');
    // Both warnings in one answer, each for staff to confirm: asked one after the other, a parcel that owes money and
    // carries a used label took two refusals and two questions (as bulk ship's check lists a row's together).
    const unpaid = await unpaidCheck(tx, order, body.status, body.allow_unpaid);
    const reused =
      body.status === 'shipped'
        ? await trackingReuseCheck(tx, order.id, body.tracking_number, body.allow_tracking_reuse)
        : null;
    const warnings = [
      ...(unpaid.refusal ? [{ code: 'UNPAID_BALANCE', message: unpaid.refusal }] : []),
      ...(reused ? [{ code: 'TRACKING_IN_USE', message: reused }] : []),
    ];
    if (warnings.length) throw warningsConflict(warnings as [Warning, ...Warning[]]);
    return applyTransition(tx, order, {
      ...staffTransition(body, staff, order.status),
      details: unpaid.details,
      appUrl,
    });
  });
}

/** DELETE /orders/:id: the owner cancels while the order waits for approval or for production. */
export async function cancelOwnOrder(
  db: Db,
  id: number,
  user: { id: number; email: string },
  appUrl: string,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, user.id);
    if (!CANCELLABLE.includes(order.status)) {
      throw conflict(`This order is ${label(order.status)} and can no longer be cancelled`, 'ILLEGAL_TRANSITION');
    }
    return applyTransition(tx, order, {
      to: 'cancelled',
      actor: { actorType: 'customer', actorUserId: user.id, actorEmail: user.email },
      appUrl,
    });
  });
}
