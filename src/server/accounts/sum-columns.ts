import { sql } from 'drizzle-orm';
import { payments } from '../db/schema';
import { outerOrder } from './ledger-sql';

const sumColumn = (kind: string, alias: string) =>
  sql<number>`(select coalesce(sum(${payments.amountCents}), 0)::int from ${payments}
               where ${payments.orderId} = ${outerOrder.id} and ${payments.kind} = ${kind})`
    .mapWith(Number)
    .as(alias);

/** The ledger sums (account.ts LedgerSums) of a query's current orders row, as columns for accountOf. */
export const sumColumnsOf = () => ({
  paidCents: sumColumn('payment', 'paid_cents'),
  refundedCents: sumColumn('refund', 'refunded_cents'),
  creditedCents: sumColumn('credit', 'credited_cents'),
});
