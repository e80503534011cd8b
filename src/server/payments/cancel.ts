import type Stripe from 'stripe';
import { formatUsd } from '../../shared/money';
import type { StaffCancelInput } from '../../shared/staff-cancel';
import type { Db } from '../db/client';
import { reasonRequiredFor } from '../../shared/orders';
import { AppError, badRequest, conflict } from '../http/errors';
import { applyTransition, illegalMove, lockOrder, staffTransition } from '../orders';
import { refundLocked, type Staff } from './ledger';

/** A refund's field errors name the field as the request does: refund.amount, refund.method. */
function underRefund(err: unknown): unknown {
  if (!(err instanceof AppError) || !err.extra.errors) return err;
  const errors = err.extra.errors.map((e) => ({ ...e, field: `refund.${e.field}` }));
  return new AppError(err.status, err.code, err.message, { ...err.extra, errors });
}

/**
 * POST /orders/admin/:id/cancel: cancel, and first give the money back when staff ask to, in one transaction under
 * the order row lock: the move is checked before any money moves, and a refused refund cancels nothing. A Stripe
 * refund cannot be rolled back, so if saving fails after Stripe made it, the answer says so in words; the
 * charge.refunded webhook then records that refund on the ledger (once, by its id).
 */
export async function staffCancel(
  db: Db,
  stripe: Stripe | null,
  orderId: number,
  body: StaffCancelInput,
  staff: Staff,
  appUrl: string,
): Promise<void> {
  let refundedAtStripe: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      const refusal = illegalMove(order, 'cancelled');
      if (refusal) throw conflict(refusal, 'ILLEGAL_TRANSITION');
      // Before any money moves: a refund at Stripe cannot be taken back when the move is then refused.
      const needsReason = reasonRequiredFor(order.status, 'cancelled');
      if (needsReason && !body.denial_reason)
        throw badRequest(needsReason, [{ field: 'denial_reason', message: needsReason }], 'REASON_REQUIRED');
      if (body.refund) {
        try {
          // Split as the cancelled order it becomes: it owes nothing, so all that is held is money to give back.
          const cancelled = { ...order, status: 'cancelled' as const };
          refundedAtStripe = (await refundLocked(tx, stripe, order, body.refund, staff, cancelled)).stripeRefundId;
        } catch (err) {
          throw underRefund(err);
        }
      }
      await applyTransition(tx, order, {
        ...staffTransition({ status: 'cancelled', ...body }, staff),
        appUrl,
      });
    });
  } catch (err) {
    if (!refundedAtStripe || !body.refund) throw err;
    throw new AppError(
      500,
      'CANCEL_FAILED_AFTER_REFUND',
      `Stripe refunded ${formatUsd(body.refund.amount)} (${refundedAtStripe}), but the order could not be cancelled. ` +
        'The refund will appear on the order when Stripe reports it; then cancel the order without a refund.',
    );
  }
}
