import { count, eq, sql } from 'drizzle-orm';
import { toDollars } from '../../shared/money';
import {
  ORDER_STATUSES,
  type AdminListQuery,
  type Order,
  type OrderSummary,
  type StatusCounts,
} from '../../shared/orders';
import type { Executor } from '../db/client';
import { departments, orderLines, orders, orderStatusCounts, users } from '../db/schema';
import { adminOrderBy, adminOrderFilters, narrowsBeyondStatus } from './admin-filters';
import { findDepartmentForEmail } from '../departments';
import { notFound } from '../http/errors';
import { customerDto, customersFor, findOrder, orderDtos } from './dto';
import { ORDER_NOT_FOUND } from './status';
import { accountOf, paymentOptions, sumColumnsOf } from '../accounts';

/** NULLS LAST matches the indexes (created_at DESC NULLS LAST, id DESC NULLS LAST); plain DESC would not use them. */
const newestFirst = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];

export async function listOwnOrders(db: Executor, userId: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(...newestFirst);
  return orderDtos(db, rows);
}

/** Another customer's order answers exactly like a missing one, so ids reveal nothing. */
export async function getOwnOrder(db: Executor, id: number, userId: number): Promise<Order> {
  const row = await findOrder(db, id);
  if (!row || row.userId !== userId) throw notFound(ORDER_NOT_FOUND);
  const [dto] = await orderDtos(db, [row]);
  return dto!;
}

export async function getAnyOrder(db: Executor, id: number): Promise<Order> {
  const row = await findOrder(db, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const [dto] = await orderDtos(db, [row], { forStaff: true, customers: await customersFor(db, [row.userId]) });
  return dto!;
}

/**
 * GET /orders/admin/all: one page of summaries (orders_created_idx or orders_status_created_idx, the customer and
 * department joined, the item count from order_lines_order_idx) and every status count from the counts table the
 * orders trigger keeps, so the cost does not grow with the order history.
 */
export async function adminListOrders(
  db: Executor,
  q: AdminListQuery,
  now: Date,
): Promise<{ orders: OrderSummary[]; total: number; counts: StatusCounts }> {
  const where = adminOrderFilters(db, q, now);
  const counted = narrowsBeyondStatus(q);
  const [page, grouped, searched] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        createdAt: orders.createdAt,
        updatedAt: orders.updatedAt,
        totalCents: orders.totalCents,
        fulfillment: orders.fulfillment,
        requiresApproval: orders.requiresApproval,
        paymentMethod: orders.paymentMethod,
        departmentName: departments.name,
        poNumber: orders.poNumber,
        dueDate: orders.dueDate,
        itemCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
        customer: {
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: users.phone,
        },
        ...sumColumnsOf(),
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(departments, eq(departments.id, orders.departmentId))
      .where(where)
      .orderBy(...adminOrderBy(q.sort))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ status: orderStatusCounts.status, n: sql<number>`sum(${orderStatusCounts.n})` })
      .from(orderStatusCounts)
      .groupBy(orderStatusCounts.status),
    counted ? db.select({ n: count() }).from(orders).where(where) : Promise.resolve(null),
  ]);
  const counts = Object.fromEntries([...ORDER_STATUSES, 'all'].map((s) => [s, 0])) as StatusCounts;
  for (const g of grouped) counts[g.status] = Number(g.n);
  counts.all = ORDER_STATUSES.reduce((a, s) => a + counts[s], 0);
  // Filtered by status alone (or not at all), the total is already known from the counts: no second count over the table.
  const total = searched ? Number(searched[0]?.n ?? 0) : q.status ? counts[q.status] : counts.all;
  const summaries = page.map((r) => {
    const account = accountOf(r, r);
    return {
      id: r.id,
      order_number: r.orderNumber,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      item_count: Number(r.itemCount),
      total: toDollars(r.totalCents),
      fulfillment: r.fulfillment,
      requires_approval: r.requiresApproval,
      department_name: r.departmentName,
      po_number: r.poNumber,
      due_date: r.dueDate,
      customer: customerDto(r.customer),
      payment_status: account.status,
      payment_method: r.paymentMethod,
      balance: toDollars(account.balanceCents),
    };
  });
  return { orders: summaries, total, counts };
}

export async function checkoutInfo(db: Executor, email: string, cardEnabled: boolean) {
  const d = await findDepartmentForEmail(db, email);
  return {
    department: d
      ? { name: d.name, requires_approval: d.requiresApproval && d.approverEmails.length > 0, tax_exempt: d.taxExempt }
      : null,
    payment_methods: paymentOptions(d !== null, cardEnabled),
  };
}
