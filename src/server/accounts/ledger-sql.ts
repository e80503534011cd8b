import { sql, type SQL } from 'drizzle-orm';
import { payments } from '../db/schema';
import { CALLED_OFF_STATUSES } from '../../shared/order-statuses';

/**
 * The outer query's orders row, always table-qualified: Drizzle leaves the table name off the columns of a query
 * over one table, and inside a subquery on payments a bare "id" would be the payment's.
 */
export const outerOrder = {
  id: sql.raw('"orders"."id"'),
  status: sql.raw('"orders"."status"'),
  totalCents: sql.raw('"orders"."total_cents"'),
};

// accountOf's two rules the lists need inside SQL, "the order has a balance" and "a refund is due", for the staff
// list's payment filters, their counts on the Today page, the CSV export and statements. account.property.test.ts checks it against accountOf on random ledgers.

const sumOf = (kind: string) =>
  sql`coalesce(sum(${payments.amountCents}) filter (where ${payments.kind} = ${kind}), 0)`;

// A called-off order owes nothing (accountOf's OWES_NOTHING), read from the status table directly: account.ts
// imports this file's outerOrder through sale-value.ts, so importing account.ts here would be a cycle.
const owesNothing = sql.raw(CALLED_OFF_STATUSES.map((s) => `'${s}'`).join(', '));

/** owed - net paid for the query's current orders row, from its own ledger (payments_order_idx). */
const owedLessNetPaid = (): SQL => sql`(
  select case when ${outerOrder.status} in (${owesNothing}) then 0
              else greatest(0, ${outerOrder.totalCents} - ${sumOf('credit')}) end
         - (${sumOf('payment')} - ${sumOf('refund')})
  from ${payments} where ${payments.orderId} = ${outerOrder.id})`;

/** "Unpaid" in the staff list, the export and statements: the order has a balance (accountOf's balanceCents > 0). */
export const hasBalance = (): SQL => sql`(${owedLessNetPaid()} > 0)`;

/** "Refund due" in the staff list and the Today page: more is net paid than owed (accountOf's refundDue). */
export const refundDue = (): SQL => sql`(${owedLessNetPaid()} < 0)`;
