import { asc, eq, sql } from 'drizzle-orm';
import type { ContactMessage } from '../../shared/contact';
import type { SessionUser } from '../auth';
import type { AppConfig } from '../config';
import type { Db, Executor } from '../db/client';
import { conversations, messages, orders, users } from '../db/schema';
import { notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { messageDto } from './dto';
import { replyHeaders } from './inbound/reply-address';
import { replyMail } from './mail';
import { replySignature } from './staff-members';
import { personName } from '../../shared/person-name';

// Orders and messages link (docs/product.md#contact-and-the-message-centre): the staff order view lists the messages
// naming the order, and staff write first to its customer from there.

export async function orderMessages(db: Executor, orderId: number) {
  const [order] = await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.orderId, orderId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const [own] = order.userId
    ? await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.userId, order.userId))
    : [];
  return { messages: rows.map(messageDto), conversation_id: own?.id ?? rows[0]?.conversationId ?? null };
}

/**
 * Staff write first to a customer, from one of their orders or from their record: into the customer's conversation
 * (made now when they have none), tagged with the order when there is one, e-mailed through the outbox with the
 * conversation's reply address; the customer sees it in their Messages.
 */
export async function messageCustomer(
  db: Db,
  opts: ({ orderId: number } | { userId: number }) & { staff: SessionUser; message: string; config: AppConfig },
): Promise<{ reply: ContactMessage; conversationId: number }> {
  return db.transaction(async (tx) => {
    let order: { id: number; number: string } | null = null;
    let userId: number;
    if ('orderId' in opts) {
      const [row] = await tx
        .select({ id: orders.id, number: orders.orderNumber, userId: orders.userId })
        .from(orders)
        .where(eq(orders.id, opts.orderId));
      if (!row) throw notFound('Order not found');
      order = row;
      userId = row.userId;
    } else userId = opts.userId;
    const [customer] = await tx
      .select({ email: users.email, first: users.firstName, last: users.lastName, language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    if (!customer) throw notFound(order ? 'Order not found' : 'Customer not found');
    const name = personName(customer.first, customer.last, customer.email);
    const [c] = await tx
      .insert(conversations)
      .values({ email: customer.email, name, userId, lastMessageAt: sql`now()` })
      .onConflictDoUpdate({
        target: conversations.userId,
        targetWhere: sql`user_id is not null`,
        set: { archived: false, lastMessageAt: sql`now()` },
      })
      .returning();
    const signedAs = await replySignature(tx, opts.staff.id);
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId: c!.id,
        direction: 'outbound',
        name: signedAs,
        email: opts.staff.email,
        body: opts.message,
        staffUserId: opts.staff.id,
        orderId: order?.id ?? null,
        orderNumber: order?.number ?? null,
      })
      .returning();
    const mail = replyMail({
      to: c!.email,
      name: c!.name,
      reply: opts.message,
      original: null,
      messagesUrl: new URL('/messages', opts.config.appUrl).toString(),
      language: customer.language,
      orderNumber: order?.number ?? null,
      fromShop: true,
    });
    await enqueueMail(tx, { ...mail, ...(await replyHeaders(tx, c!, opts.config)) });
    return { reply: messageDto(row!), conversationId: c!.id };
  });
}
