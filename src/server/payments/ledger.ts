import type Stripe from 'stripe';
import { formatUsd, toCents, toDollars } from '../../shared/money';
import type { OrderStatus } from '../../shared/orders';
import {
  LEDGER_METHOD_LABELS,
  type LedgerMethod,
  type RecordPaymentInput,
  type RecordRefundInput,
} from '../../shared/payments';
import type { Db, Tx } from '../db/client';
import { payments } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { ledgerRows, lockOrder, netPaidCents, recordEvent, type LedgerRow, type OrderRow } from '../orders';
import { createStripeRefund } from './stripe';

export type Staff = { id: number; email: string };

/** No money is taken for an order the shop will not make. */
const UNPAYABLE: readonly OrderStatus[] = ['cancelled', 'denied'];

export function refusePayment(order: OrderRow, paidCents: number) {
  if (UNPAYABLE.includes(order.status)) {
    throw conflict(`This order is ${order.status}: no payment can be taken for it`, 'ORDER_NOT_PAYABLE');
  }
  if (paidCents >= order.totalCents) throw conflict('This order is already paid', 'ORDER_ALREADY_PAID');
}

const amountError = (message: string) => badRequest(message, [{ field: 'amount', message }]);

/** The ledger line and its timeline event, under the order row lock the caller holds. */
export async function insertEntry(
  tx: Tx,
  order: OrderRow,
  entry: Omit<typeof payments.$inferInsert, 'orderId'>,
  actor: { type: 'staff' | 'system'; staff?: Staff },
  internalNote: string | null = null,
) {
  const [row] = await tx
    .insert(payments)
    .values({ ...entry, orderId: order.id })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  const verb = row.kind === 'payment' ? 'Payment of' : 'Refund of';
  const done = row.kind === 'payment' ? 'received' : 'given back';
  await recordEvent(tx, {
    orderId: order.id,
    kind: 'payment',
    from: order.status,
    to: order.status,
    actorType: actor.type,
    actorUserId: actor.staff?.id ?? null,
    actorEmail: actor.staff?.email ?? null,
    details: `${verb} ${formatUsd(toDollars(row.amountCents))} ${done} (${LEDGER_METHOD_LABELS[row.method as LedgerMethod].toLowerCase()})`,
    internalNote,
  });
  return row;
}

/** POST /orders/admin/:id/payments: money staff took outside the site (cash, check, card terminal, department check). */
export async function recordStaffPayment(db: Db, orderId: number, body: RecordPaymentInput, staff: Staff) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const paid = netPaidCents(await ledgerRows(tx, [order.id]));
    refusePayment(order, paid);
    const cents = toCents(body.amount);
    const balance = order.totalCents - paid;
    if (cents > balance && !body.confirm_overpayment) {
      throw amountError(
        `The amount is more than the balance of ${formatUsd(toDollars(balance))}. Confirm the overpayment to record it.`,
      );
    }
    await insertEntry(
      tx,
      order,
      { kind: 'payment', method: body.method, amountCents: cents, reference: body.reference, recordedBy: staff.id },
      { type: 'staff', staff },
    );
  });
}

/** What Stripe can still give back of each online payment of the order, newest first. */
export function refundableOnline(rows: LedgerRow[]) {
  const left = new Map<string, number>();
  for (const r of rows) {
    if (r.method !== 'stripe' || !r.stripePaymentIntentId) continue;
    const sign = r.kind === 'payment' ? 1 : -1;
    left.set(r.stripePaymentIntentId, (left.get(r.stripePaymentIntentId) ?? 0) + sign * r.amountCents);
  }
  return [...left.entries()].reverse().map(([intent, cents]) => ({ intent, cents }));
}

/**
 * Money given back, under the order row lock the caller holds. A refund by stripe goes through Stripe's refund API
 * against the order's online payment while the row is locked, so two staff cannot refund the same money twice.
 * Answers the Stripe refund id when Stripe made one.
 */
export async function refundLocked(
  tx: Tx,
  stripe: Stripe | null,
  order: OrderRow,
  body: RecordRefundInput,
  staff: Staff,
): Promise<{ stripeRefundId: string | null }> {
  const rows = await ledgerRows(tx, [order.id]);
  const paid = netPaidCents(rows);
  if (paid <= 0) throw conflict('Nothing has been paid on this order, so nothing can be refunded', 'NOTHING_TO_REFUND');
  const cents = toCents(body.amount);
  if (cents > paid) throw amountError(`At most the ${formatUsd(toDollars(paid))} paid can be refunded`);
  const entry = { kind: 'refund' as const, method: body.method, amountCents: cents, recordedBy: staff.id };
  if (body.method !== 'stripe') {
    await insertEntry(tx, order, { ...entry, reference: body.reference }, { type: 'staff', staff });
    return { stripeRefundId: null };
  }
  const online = refundableOnline(rows);
  const from = online.find((p) => p.cents >= cents);
  if (!from) {
    const most = Math.max(0, ...online.map((p) => p.cents));
    throw amountError(
      most > 0
        ? `At most ${formatUsd(toDollars(most))} of an online payment can be refunded through Stripe at once`
        : 'This order has no online payment to refund through Stripe',
    );
  }
  // The key is the ledger's state: a retry of this very refund (a timeout) is the same refund at Stripe.
  const refund = await createStripeRefund(stripe, {
    paymentIntent: from.intent,
    amountCents: cents,
    idempotencyKey: `order-${order.id}-refund-${rows.length}-${cents}`,
  });
  await insertEntry(
    tx,
    order,
    {
      ...entry,
      reference: body.reference ?? refund.id,
      stripePaymentIntentId: from.intent,
      stripeRefundId: refund.id,
    },
    { type: 'staff', staff },
  );
  return { stripeRefundId: refund.id };
}

/** POST /orders/admin/:id/refunds: money given back (refundLocked) under the order row lock. */
export async function recordStaffRefund(
  db: Db,
  stripe: Stripe | null,
  orderId: number,
  body: RecordRefundInput,
  staff: Staff,
) {
  await db.transaction(async (tx) => refundLocked(tx, stripe, await lockOrder(tx, orderId), body, staff));
}
