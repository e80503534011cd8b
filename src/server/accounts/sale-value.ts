import { sql, type SQL } from 'drizzle-orm';
import { allowanceHeldSql } from '../allowances';
import { outerOrder } from './ledger-sql';

// What an order is worth as a sale: its stored total (what is left to pay after the allowance) plus what its
// allowance holds, so an order the allowance paid in full is not a $0 sale. The reports, department spend and
// statements, the customer record and the approval's cost split all count it so; saleValueSql is its SQL twin
// (sale-value.test.ts checks the two agree on random orders and ledgers).

export type SaleOrder = { totalCents: number; allowanceHeldCents: number };

export const saleValueCents = (order: SaleOrder): number => order.totalCents + order.allowanceHeldCents;

/** The orders row a query reads, by its SQL names: the outer "orders" row unless the query aliases it. */
type OrderColumns = { id: SQL; totalCents: SQL };

/** saleValueCents of the query's current orders row, its allowance held read from the ledger. */
export const saleValueSql = (order: OrderColumns = outerOrder): SQL<number> =>
  sql<number>`(${order.totalCents} + ${allowanceHeldSql(order.id)})`;

/**
 * What an order charged for goods before tax and shipping, in SQL over an orders row the query aliases as `alias`:
 * its lines with any discounts and fees, less the allowance. The quote's total is subtotal plus its adjustments, so
 * this is total - tax - shipping (the tax report's sales).
 */
export const chargedGoodsSql = (alias: string): SQL<number> =>
  sql<number>`(${sql.raw(`${alias}.total_cents - ${alias}.tax_cents - ${alias}.shipping_cents`)})`;
