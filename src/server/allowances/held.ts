import { sql, type SQL } from 'drizzle-orm';
import { allowanceLedger } from '../db/schema';

// What an order holds of its member's allowance now: the net of its ledger rows (uses less returns). Reports count it
// in the order's sale (accounts' saleValueSql), the allowance returns it when the order is called off.

/** The net over the ledger rows a query selected (one order's rows). */
export const heldSum = sql<string>`coalesce(sum(${allowanceLedger.amountCents}), 0)`;

/**
 * What the order whose id is `orderId` holds, in cents, as a subquery (allowance_ledger_order_idx): by default the
 * query's outer orders row, named in full, since Drizzle leaves the table off the columns of a one-table query and a
 * bare "id" here would be the ledger row's.
 */
export const allowanceHeldSql = (orderId: SQL = sql.raw('"orders"."id"')): SQL<number> =>
  sql<number>`coalesce((select sum(al.amount_cents) from allowance_ledger al where al.order_id = ${orderId}), 0)::int`;
