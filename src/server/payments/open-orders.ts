import { and, asc, eq, ne, notInArray } from 'drizzle-orm';
import { toDollars } from '../../shared/money';
import { NOT_BILLED_STATUSES } from '../../shared/order-statuses';
import type { OpenOrder } from '../../shared/allocations';
import type { Executor } from '../db/client';
import { orders } from '../db/schema';
import { accountOf, hasBalance, sumColumnsOf } from '../accounts';

/**
 * Who pays: a department pays the orders on its account; a customer pays their own orders that are not on a
 * department's account (those are the department's to pay).
 */
export type Party = { kind: 'department'; id: number } | { kind: 'customer'; id: number };

/** The SQL of "this order is the party's to pay", and the same rule for one order row (the allocation's check). */
const partyWhere = (party?: Party) => {
  if (!party) return eq(orders.paymentMethod, 'account');
  return party.kind === 'department'
    ? and(eq(orders.paymentMethod, 'account'), eq(orders.departmentId, party.id))
    : and(ne(orders.paymentMethod, 'account'), eq(orders.userId, party.id));
};
export const isPartys = (
  party: Party,
  o: { paymentMethod: string; departmentId: number | null; userId: number },
): boolean =>
  party.kind === 'department'
    ? o.paymentMethod === 'account' && o.departmentId === party.id
    : o.paymentMethod !== 'account' && o.userId === party.id;

/**
 * The party's orders with a balance (every department's account orders when no party is named), each with its
 * account (accountOf), oldest first. One query, the ledger summed per order through payments_order_idx.
 */
export async function openOrders(db: Executor, party?: Party) {
  const rows = await db
    .select({
      id: orders.id,
      departmentId: orders.departmentId,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      poNumber: orders.poNumber,
      status: orders.status,
      totalCents: orders.totalCents,
      ...sumColumnsOf(),
    })
    .from(orders)
    .where(
      and(
        partyWhere(party),
        // Not billed yet: waiting for its approval (a cancelled or denied order owes nothing anyway).
        notInArray(orders.status, [...NOT_BILLED_STATUSES]),
        hasBalance(),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map((o) => ({ ...o, account: accountOf(o, o) }));
}

/** An open order as the statement and the allocation screen show it. */
export const openOrderDto = (o: Awaited<ReturnType<typeof openOrders>>[number]): OpenOrder => ({
  id: o.id,
  order_number: o.orderNumber,
  created_at: o.createdAt.toISOString(),
  po_number: o.poNumber,
  status: o.status,
  total: toDollars(o.totalCents),
  owed: toDollars(o.account.owedCents),
  paid: toDollars(o.account.netPaidCents),
  balance: toDollars(o.account.balanceCents),
});
