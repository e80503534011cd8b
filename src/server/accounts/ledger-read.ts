import { asc, eq, inArray } from 'drizzle-orm';
import { formatUsd, toDollars } from '../../shared/money';
import type { Order, OrderStatus } from '../../shared/orders';
import type { Executor } from '../db/client';
import { payments, users } from '../db/schema';
import {
  accountDto,
  accountOf,
  mayShipWithBalance,
  sumLedger,
  type Account,
  type AccountOrder,
  type LedgerRow,
  type SplitOrder,
} from './account';

// Reading the ledger: what orders and payments both need to answer with an account. Writing it is payments'.

/** The payment ledger of these orders, oldest first, with the e-mail of whoever recorded each entry. */
export async function ledgerRows(db: Executor, orderIds: number[]): Promise<LedgerRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ row: payments, recordedByEmail: users.email })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map((r) => ({ ...r.row, recordedByEmail: r.recordedByEmail }));
}

/** The order's account now, from its ledger (read under the row lock the caller holds when it means to write). */
export async function accountNow(
  db: Executor,
  order: AccountOrder & { id: number },
): Promise<{ account: Account; rows: LedgerRow[] }> {
  const rows = await ledgerRows(db, [order.id]);
  return { account: accountOf(order, sumLedger(rows)), rows };
}

/** The `payment` of each order's answer, by order id (one ledger query for them all). */
export async function paymentsOf(
  db: Executor,
  orders: (SplitOrder & { id: number })[],
  forStaff: boolean,
): Promise<Map<number, Order['payment']>> {
  const ledger = await ledgerRows(
    db,
    orders.map((o) => o.id),
  );
  const byOrder = new Map<number, LedgerRow[]>();
  for (const l of ledger) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  return new Map(orders.map((o) => [o.id, accountDto(o, byOrder.get(o.id) ?? [], forStaff)]));
}

/** The 409 UNPAID_BALANCE message when moving the order to `to` would ship or complete it with a balance, else null. */
export async function unpaidRefusal(
  db: Executor,
  order: SplitOrder & { id: number; orderNumber: string },
  to: OrderStatus,
): Promise<string | null> {
  if ((to !== 'shipped' && to !== 'completed') || mayShipWithBalance(order)) return null;
  const { account } = await accountNow(db, order);
  if (account.balanceCents <= 0) return null;
  return `${order.orderNumber} owes ${formatUsd(toDollars(account.balanceCents))}`;
}
