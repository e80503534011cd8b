import type { Order, OrderStatus } from '../../shared/orders';
import { toDollars } from '../../shared/money';
import type { PaymentState, PaymentStatus } from '../../shared/payments';
import type { payments } from '../db/schema';

export type LedgerRow = typeof payments.$inferSelect & { recordedByEmail: string | null };

/** Statuses in which the shop keeps no money: anything paid is owed back. */
const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['cancelled', 'denied'];

/** Payments less refunds, in cents. */
export const netPaidCents = (rows: Pick<LedgerRow, 'kind' | 'amountCents'>[]) =>
  rows.reduce((sum, r) => sum + (r.kind === 'payment' ? r.amountCents : -r.amountCents), 0);

/** The status from the ledger's sums (the lists sum it in SQL, see payment-sql.ts, which writes "unpaid" alike). */
export function statusFromSums(dueCents: number, paidCents: number, anyRefund: boolean): PaymentStatus {
  if (paidCents >= dueCents && paidCents > 0) return 'paid';
  if (paidCents > 0) return 'partially_paid';
  return anyRefund ? 'refunded' : 'unpaid';
}

export const paymentStatus = (dueCents: number, rows: Pick<LedgerRow, 'kind' | 'amountCents'>[]): PaymentStatus =>
  statusFromSums(
    dueCents,
    netPaidCents(rows),
    rows.some((r) => r.kind === 'refund'),
  );

/**
 * An order's payment state from its ledger. "Refund due" is derived, not stored, so it clears itself once the
 * money is given back: money held on an order that was cancelled or denied (a payment that arrived after the
 * cancellation included).
 */
export function paymentStateDto(
  order: { totalCents: number; status: OrderStatus; paymentMethod: PaymentState['method'] },
  rows: LedgerRow[],
  forStaff: boolean,
): Order['payment'] {
  const paid = netPaidCents(rows);
  return {
    method: order.paymentMethod,
    status: paymentStatus(order.totalCents, rows),
    amount_due: toDollars(order.totalCents),
    amount_paid: toDollars(paid),
    balance: toDollars(order.totalCents - paid),
    refund_due: paid > 0 && REFUNDABLE_STATUSES.includes(order.status),
    entries: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      method: r.method,
      amount: toDollars(r.amountCents),
      reference: r.reference,
      // The key itself is absent from customer answers, as with internal notes.
      ...(forStaff ? { recorded_by: r.recordedBy ? { id: r.recordedBy, email: r.recordedByEmail ?? '' } : null } : {}),
      created_at: r.createdAt.toISOString(),
    })),
  };
}
