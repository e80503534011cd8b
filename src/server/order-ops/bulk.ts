import { eq } from 'drizzle-orm';
import type { BulkFailure, BulkStatusInput } from '../../shared/order-ops';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { AppError } from '../http/errors';
import { applyTransition, illegalMove, ORDER_NOT_FOUND, staffTransition, unpaidCheck } from '../orders';

export const BULK_UNEXPECTED = 'This order could not be changed. Try it again on its own.';

type Outcome = { ok: true } | { ok: false; failure: BulkFailure };

/**
 * POST /orders/admin/bulk-status: each order moves in its own transaction, with its event and e-mails, so one
 * order that may not move (or fails) never holds back or undoes the others; the answer names each failure.
 */
export async function bulkUpdateStatus(
  db: Db,
  body: BulkStatusInput,
  staff: { id: number; email: string },
  onError: (err: unknown, orderId: number) => void,
  /** For the order link in the customer's mail. */
  appUrl: string,
): Promise<{ updated: number[]; failed: BulkFailure[] }> {
  const updated: number[] = [];
  const failed: BulkFailure[] = [];
  for (const id of body.order_ids) {
    const outcome = await moveOne(db, id, body, staff, appUrl).catch((err: unknown): Outcome => {
      onError(err, id);
      const detail = err instanceof AppError && err.status < 500 ? err.message : BULK_UNEXPECTED;
      return { ok: false, failure: { id, order_number: null, detail } };
    });
    if (outcome.ok) updated.push(id);
    else failed.push(outcome.failure);
  }
  return { updated, failed };
}

function moveOne(
  db: Db,
  id: number,
  body: BulkStatusInput,
  staff: { id: number; email: string },
  appUrl: string,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) return { ok: false, failure: { id, order_number: null, detail: ORDER_NOT_FOUND } };
    const refusal = illegalMove(order, body.status);
    if (refusal) return { ok: false, failure: { id, order_number: order.orderNumber, detail: refusal } };
    const unpaid = await unpaidCheck(tx, order, body.status, body.allow_unpaid);
    if (unpaid.refusal) {
      return {
        ok: false,
        failure: { id, order_number: order.orderNumber, detail: unpaid.refusal, code: 'UNPAID_BALANCE' },
      };
    }
    await applyTransition(tx, order, {
      ...staffTransition(body, staff, order.status),
      details: unpaid.details,
      appUrl,
    });
    return { ok: true };
  });
}
