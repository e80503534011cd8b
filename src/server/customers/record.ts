import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { CUSTOMER_NOT_FOUND, type CustomerRecord } from '../../shared/customers';
import { toDollars } from '../../shared/money';
import { SALE_STATUSES } from '../../shared/order-statuses';
import type { Executor } from '../db/client';
import { conversations, orders, users } from '../db/schema';
import { myAllowance } from '../allowances';
import { findDepartmentForEmail } from '../departments';
import { notFound } from '../http/errors';
import { accountOf, saleValueSql, sumColumnsOf } from '../accounts';
import { sizesOf } from '../orders';
import { notesOf } from './notes';
import { personName } from '../../shared/person-name';

const nameOf = (u: { firstName: string | null; lastName: string | null }) => personName(u.firstName, u.lastName);

async function customerOrders(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      saleCents: saleValueSql().mapWith(Number).as('sale_cents'),
      ...sumColumnsOf(),
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  let spentCents = 0;
  const list = rows.map((r) => {
    if (SALE_STATUSES.includes(r.status)) spentCents += r.saleCents;
    const account = accountOf(r, r);
    return {
      id: r.id,
      order_number: r.orderNumber,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      total: toDollars(r.totalCents),
      balance: toDollars(account.balanceCents),
      payment_status: account.status,
    };
  });
  return { list, spentCents };
}

/**
 * The customer's conversations: their own, and any a guest started from their address. Nobody proved that address, so
 * such a conversation is marked a guest's and never shown as the customer's own (security round 4, finding 6).
 */
async function customerConversations(db: Executor, user: { id: number; email: string }) {
  const rows = await db
    .select({
      id: conversations.id,
      userId: conversations.userId,
      lastMessageAt: conversations.lastMessageAt,
      archived: conversations.archived,
      messages: sql<number>`(select count(*) from messages m where m.conversation_id = "conversations"."id")::int`,
      unread: sql<number>`(select count(*) from messages m where m.conversation_id = "conversations"."id"
        and m.direction = 'inbound' and m.status = 'pending')::int`,
    })
    .from(conversations)
    .where(
      or(eq(conversations.userId, user.id), and(isNull(conversations.userId), eq(conversations.email, user.email))),
    )
    .orderBy(desc(conversations.lastMessageAt), asc(conversations.id));
  return rows.map((c) => ({
    id: c.id,
    last_message_at: c.lastMessageAt.toISOString(),
    messages: Number(c.messages),
    unread: Number(c.unread),
    archived: c.archived,
    guest: c.userId === null,
  }));
}

/** GET /customers/:id: one customer as staff see them. */
export async function customerRecord(db: Executor, id: number, now: Date): Promise<CustomerRecord> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u) throw notFound(CUSTOMER_NOT_FOUND);
  const [department, allowance, ordersOf, convs, notes, sizes] = await Promise.all([
    findDepartmentForEmail(db, u.email),
    myAllowance(db, u, now),
    customerOrders(db, u.id),
    customerConversations(db, u),
    notesOf(db, u.id),
    sizesOf(db, u.id),
  ]);
  return {
    id: u.id,
    email: u.email,
    name: nameOf(u),
    phone: u.phone,
    address: u.addressLine1
      ? {
          address_line1: u.addressLine1,
          address_line2: u.addressLine2,
          city: u.city,
          state: u.state,
          zip_code: u.zipCode,
        }
      : null,
    role: u.role,
    is_active: u.isActive,
    created_at: u.createdAt.toISOString(),
    last_login_at: u.lastLoginAt?.toISOString() ?? null,
    department: department ? { id: department.id, name: department.name } : null,
    allowance,
    total_spent: toDollars(ordersOf.spentCents),
    orders: ordersOf.list,
    conversations: convs,
    notes,
    sizes,
  };
}
