import { and, asc, eq, notInArray } from 'drizzle-orm';
import { toDollars } from '../../shared/money';
import { NOT_BILLED_STATUSES } from '../../shared/order-statuses';
import type { Statement } from '../../shared/payments';
import type { Executor } from '../db/client';
import { departments, orders } from '../db/schema';
import { notFound } from '../http/errors';
import { accountOf, hasBalance, sumColumnsOf } from '../accounts';

/**
 * The department's on-account orders with a balance, each with its account (accountOf): the statement's rows and,
 * summed from the same balances, what it owes. One query, the ledger summed per order through payments_order_idx.
 */
async function openAccountOrders(db: Executor, departmentId?: number) {
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
        eq(orders.paymentMethod, 'account'),
        // Not billed yet: waiting for its approval (a cancelled or denied order owes nothing anyway).
        notInArray(orders.status, [...NOT_BILLED_STATUSES]),
        departmentId === undefined ? undefined : eq(orders.departmentId, departmentId),
        hasBalance(),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map((o) => ({ ...o, account: accountOf(o, o) }));
}

/** GET /payments/admin/statements/:id: what a department owes on account, oldest order first. */
export async function departmentStatement(db: Executor, departmentId: number, now = new Date()): Promise<Statement> {
  const [department] = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.id, departmentId));
  if (!department) throw notFound('Department not found');
  const owing = await openAccountOrders(db, departmentId);
  const list = owing.map((o) => ({
    id: o.id,
    order_number: o.orderNumber,
    created_at: o.createdAt.toISOString(),
    po_number: o.poNumber,
    status: o.status,
    total: toDollars(o.totalCents),
    owed: toDollars(o.account.owedCents),
    paid: toDollars(o.account.netPaidCents),
    balance: toDollars(o.account.balanceCents),
  }));
  const outstanding = owing.reduce((sum, o) => sum + o.account.balanceCents, 0);
  return { department, issued_at: now.toISOString(), orders: list, outstanding: toDollars(outstanding) };
}

/** GET /payments/admin/statements: every department with what it owes on account, to choose a statement. */
export async function statementDepartments(db: Executor) {
  const [all, owing] = await Promise.all([
    db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .orderBy(asc(departments.name), asc(departments.id)),
    openAccountOrders(db),
  ]);
  return all.map((d) => {
    const mine = owing.filter((o) => o.departmentId === d.id);
    return {
      id: d.id,
      name: d.name,
      order_count: mine.length,
      outstanding: toDollars(mine.reduce((s, o) => s + o.account.balanceCents, 0)),
    };
  });
}
