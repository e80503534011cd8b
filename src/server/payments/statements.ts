import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { toDollars } from '../../shared/money';
import type { OrderStatus } from '../../shared/orders';
import type { Statement } from '../../shared/payments';
import type { Executor } from '../db/client';
import { departments, orders } from '../db/schema';
import { notFound } from '../http/errors';
import { ledgerSums } from '../orders';

/** Not owed: an order still waiting for its approval, or one the shop will not make. */
const NOT_BILLED: OrderStatus[] = ['awaiting_approval', 'cancelled', 'denied'];

/** The department's on-account orders with a balance, each with its paid sum (one lateral sum per order). */
function openAccountOrders(db: Executor) {
  const ledger = ledgerSums(db);
  return db
    .select({
      id: sql<number>`${orders.id}`.as('open_id'),
      departmentId: sql<number>`${orders.departmentId}`.as('open_department_id'),
      orderNumber: sql<string>`${orders.orderNumber}`.as('open_order_number'),
      createdAt: sql<string>`${orders.createdAt}`.as('open_created_at'),
      poNumber: sql<string | null>`${orders.poNumber}`.as('open_po_number'),
      status: sql<OrderStatus>`${orders.status}`.as('open_status'),
      totalCents: sql<number>`${orders.totalCents}`.as('open_total_cents'),
      paidCents: ledger.paidCents,
    })
    .from(orders)
    .leftJoinLateral(ledger, sql`true`)
    .where(
      and(
        eq(orders.paymentMethod, 'account'),
        notInArray(orders.status, NOT_BILLED),
        sql`${ledger.paidCents} < ${orders.totalCents}`,
      ),
    )
    .as('open');
}

/** GET /payments/admin/statements/:id: what a department owes on account, oldest order first, in one query. */
export async function departmentStatement(db: Executor, departmentId: number, now = new Date()): Promise<Statement> {
  const open = openAccountOrders(db);
  const rows = await db
    .select({
      department: { id: departments.id, name: departments.name },
      order: {
        id: open.id,
        orderNumber: open.orderNumber,
        createdAt: open.createdAt,
        poNumber: open.poNumber,
        status: open.status,
        totalCents: open.totalCents,
        paidCents: open.paidCents,
      },
    })
    .from(departments)
    .leftJoin(open, eq(open.departmentId, departments.id))
    .where(eq(departments.id, departmentId))
    .orderBy(asc(open.createdAt), asc(open.id));
  if (rows.length === 0) throw notFound('Department not found');
  // A department without open orders comes back as one row whose order fields are all null.
  const owing = rows.flatMap(({ order: o }) => (o && o.id !== null ? [o] : []));
  const list = owing.map((o) => ({
    id: o.id,
    order_number: o.orderNumber,
    created_at: new Date(o.createdAt).toISOString(),
    po_number: o.poNumber,
    status: o.status,
    total: toDollars(o.totalCents),
    paid: toDollars(o.paidCents),
    balance: toDollars(o.totalCents - o.paidCents),
  }));
  const owed = owing.reduce((sum, o) => sum + o.totalCents - o.paidCents, 0);
  return { department: rows[0]!.department, issued_at: now.toISOString(), orders: list, outstanding: toDollars(owed) };
}

/** GET /payments/admin/statements: every department with what it owes on account, to choose a statement. */
export async function statementDepartments(db: Executor) {
  const open = openAccountOrders(db);
  const rows = await db
    .select({
      id: departments.id,
      name: departments.name,
      orderCount: sql<number>`count(${open.id})::int`,
      owedCents: sql<number>`coalesce(sum(${open.totalCents} - ${open.paidCents}), 0)::int`,
    })
    .from(departments)
    .leftJoin(open, eq(open.departmentId, departments.id))
    .groupBy(departments.id, departments.name)
    .orderBy(asc(departments.name), asc(departments.id));
  return rows.map((r) => ({ id: r.id, name: r.name, order_count: r.orderCount, outstanding: toDollars(r.owedCents) }));
}
