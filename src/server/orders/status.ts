import { and, eq } from 'drizzle-orm';
import { CANCELLABLE, nextStatuses, STATUS_LABELS, type OrderStatus, type StatusUpdate } from '../../shared/orders';
import type { Db, Tx } from '../db/client';
import { orders } from '../db/schema';
import { retireOrderTokens } from '../approvals';
import { enqueueMail } from '../mail/outbox';
import { conflict, notFound } from '../http/errors';
import { customersFor, orderDto, type OrderRow } from './dto';
import { NOTIFY_STATUSES, statusMail } from './mails';
import { recordEvent, type EventInput } from './events';

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
  comments?: string | null;
};

/** Moves an order, records the event, retires open approval links and queues the customer's e-mail when it matters. */
export async function applyTransition(tx: Tx, order: OrderRow, t: Transition): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({ status: t.to, updatedAt: new Date(), ...(t.to === 'denied' ? { denialReason: t.reason ?? null } : {}) })
    .where(eq(orders.id, order.id))
    .returning();
  await recordEvent(tx, {
    orderId: order.id,
    from: order.status,
    to: t.to,
    ...t.actor,
    reason: t.reason,
    comments: t.comments,
  });
  if (order.status === 'awaiting_approval') await retireOrderTokens(tx, order.id);
  if (NOTIFY_STATUSES.includes(t.to)) {
    const customer = (await customersFor(tx, [order.userId])).get(order.userId)!;
    const dto = await orderDto(tx, updated!);
    const approved = order.status === 'awaiting_approval' && t.to === 'pending';
    const approvedBy = approved
      ? t.actor.actorType === 'approver'
        ? (t.actor.actorEmail ?? null)
        : 'Shop staff'
      : null;
    await enqueueMail(tx, statusMail(dto, customer, { reason: t.reason, comments: t.comments, approvedBy }));
  }
  return updated!;
}

const label = (s: OrderStatus) => STATUS_LABELS[s].toLowerCase();

/** PUT /orders/:id/status: staff move an order along the state machine only. */
export async function staffUpdateStatus(
  db: Db,
  id: number,
  body: StatusUpdate,
  staff: { id: number; email: string },
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const allowed = nextStatuses(order.status, order.fulfillment);
    if (!allowed.includes(body.status)) {
      const options = allowed.length ? `Allowed next: ${allowed.map(label).join(', ')}.` : 'It cannot change any more.';
      throw conflict(
        `Cannot change an order from ${label(order.status)} to ${label(body.status)}. ${options}`,
        'ILLEGAL_TRANSITION',
      );
    }
    return applyTransition(tx, order, {
      to: body.status,
      actor: { actorType: 'staff', actorUserId: staff.id, actorEmail: staff.email },
      reason: body.status === 'denied' || body.status === 'cancelled' ? body.denial_reason : null,
      comments: body.comments,
    });
  });
}

/** DELETE /orders/:id: the owner cancels while the order waits for approval or for production. */
export async function cancelOwnOrder(db: Db, id: number, user: { id: number; email: string }): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, user.id);
    if (!CANCELLABLE.includes(order.status)) {
      throw conflict(`This order is ${label(order.status)} and can no longer be cancelled`, 'ILLEGAL_TRANSITION');
    }
    return applyTransition(tx, order, {
      to: 'cancelled',
      actor: { actorType: 'customer', actorUserId: user.id, actorEmail: user.email },
    });
  });
}
