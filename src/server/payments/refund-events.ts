import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../db/client';
import { payments } from '../db/schema';
import { lockOrder } from '../orders';
import { accountOf, ledgerRows, sumLedger } from '../accounts';
import { insertRefund } from './ledger';

export type RefundOutcome = 'recorded' | 'already_recorded' | 'unknown_payment';

/** The refunds that moved or will move money: a failed or cancelled one gave nothing back. */
const COUNTED: readonly string[] = ['succeeded', 'pending'];

export const intentOfCharge = (charge: Stripe.Charge) =>
  typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);

/**
 * charge.refunded: Stripe's refunds of an online payment, recorded on the ledger once each by their refund id. A
 * refund the shop made itself (POST /refunds) is already there with its id; one made in Stripe's dashboard is
 * added as a refund by Stripe. The order row lock waits for a staff refund still being saved, so its row is seen.
 */
export async function recordStripeRefunds(
  tx: Tx,
  intent: string | null,
  refunds: Stripe.Refund[],
): Promise<RefundOutcome> {
  if (!intent) return 'unknown_payment';
  const [paid] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.stripePaymentIntentId, intent), eq(payments.kind, 'payment')))
    .limit(1);
  if (!paid) return 'unknown_payment';
  const order = await lockOrder(tx, paid.orderId);
  const rows = await ledgerRows(tx, [order.id]);
  const known = new Set(rows.map((r) => r.stripeRefundId).filter(Boolean));
  let recorded = 0;
  for (const r of refunds) {
    if (known.has(r.id) || !r.status || !COUNTED.includes(r.status)) continue;
    // A refund made in Stripe's dashboard splits as any other: what is held above what is owed, then what is owed.
    await insertRefund(
      tx,
      order,
      accountOf(order, sumLedger(await ledgerRows(tx, [order.id]))),
      {
        method: 'stripe',
        amountCents: r.amount,
        reference: r.id,
        recordedBy: null,
        stripePaymentIntentId: intent,
        stripeRefundId: r.id,
      },
      { type: 'system' },
    );
    recorded += 1;
  }
  return recorded > 0 ? 'recorded' : 'already_recorded';
}
