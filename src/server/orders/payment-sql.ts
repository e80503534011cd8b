import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { orders, payments } from '../db/schema';

// The ledger summed inside the order queries themselves (the staff list, its filter, the CSV export, statements),
// so a page of orders never costs a lookup per order; each sum reads one order's rows through payments_order_idx.

const signedCents = sql`case when ${payments.kind} = 'payment' then ${payments.amountCents} else -${payments.amountCents} end`;

/** A lateral subquery per order: paid_cents (payments less refunds) and any_refund; join it with `sql\`true\``. */
export const ledgerSums = (db: Executor) =>
  db
    .select({
      paidCents: sql<number>`coalesce(sum(${signedCents}), 0)::int`.as('paid_cents'),
      anyRefund: sql<boolean>`coalesce(bool_or(${payments.kind} = 'refund'), false)`.as('any_refund'),
    })
    .from(payments)
    .where(eq(payments.orderId, orders.id))
    .as('ledger');

/**
 * "Unpaid" in the staff list: unpaid or partially paid (paymentStatus in payment-state.ts, written in SQL) on an
 * order the shop still means to make. A self-contained test, so the count and the export take it as the list does.
 */
export const owesMoney = (): SQL => sql`(${orders.status} not in ('cancelled', 'denied') and (
  select case when s.paid > 0 then s.paid < ${orders.totalCents} else not s.refunded end
  from (select coalesce(sum(${signedCents}), 0) as paid, coalesce(bool_or(${payments.kind} = 'refund'), false) as refunded
        from ${payments} where ${payments.orderId} = ${orders.id}) s))`;
