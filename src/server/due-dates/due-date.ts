import { eq } from 'drizzle-orm';
import { DUE_DATE_PAST, formatDueDay, type DueDateChange } from '../../shared/due-date-rules';
import { DUE_OPEN_STATUSES } from '../../shared/order-statuses';
import { NOTHING_CHANGED } from '../../shared/order-edit';
import { STATUS_LABELS } from '../../shared/orders';
import { shopDay } from '../../shared/time';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { dueDateChangedMail } from './due-date-mail';
import { customerLanguage, customersFor, lockOrder, orderDto, type OrderRow, recordEvent } from '../orders';

/**
 * PUT /orders/admin/:id/due-date: staff move the day an order is promised for. Any day from today on, even inside
 * the lead time (the shop may squeeze an order in); the timeline records old and new and who, and the customer is
 * mailed, all in one transaction with the row locked.
 */
export async function changeDueDate(
  db: Db,
  id: number,
  body: DueDateChange,
  staff: { id: number; email: string },
  now: Date,
  appUrl: string,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!DUE_OPEN_STATUSES.includes(order.status)) {
      throw conflict(
        `This order is ${STATUS_LABELS[order.status].toLowerCase()} and its due date can no longer change`,
        'DUE_DATE_CLOSED',
      );
    }
    if (body.due_date < shopDay(now)) {
      throw badRequest(DUE_DATE_PAST, [{ field: 'due_date', message: DUE_DATE_PAST }], 'DUE_DATE_PAST');
    }
    if (body.due_date === order.dueDate) throw badRequest(NOTHING_CHANGED, undefined, 'NOTHING_CHANGED');
    const [updated] = await tx
      .update(orders)
      .set({ dueDate: body.due_date, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    const details = `Due date ${formatDueDay(order.dueDate)} -> ${formatDueDay(body.due_date)}`;
    await recordEvent(tx, {
      orderId: order.id,
      kind: 'edit',
      from: order.status,
      to: order.status,
      actorType: 'staff',
      actorUserId: staff.id,
      actorEmail: staff.email,
      comments: body.comments,
      details,
    });
    const customer = (await customersFor(tx, [order.userId])).get(order.userId)!;
    const dto = await orderDto(tx, updated!);
    const language = await customerLanguage(tx, order.userId);
    await enqueueMail(tx, [
      dueDateChangedMail(dto, customer, { was: order.dueDate, comments: body.comments, appUrl, language }),
    ]);
    return updated!;
  });
}
