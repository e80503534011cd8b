import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MESSAGE_STATUSES, replySchema, type ContactMessage, type MessageStatus } from '../../shared/contact';
import { PAGE_SIZES } from '../../shared/constants';
import type { SessionUser } from '../auth';
import type { Db, Executor } from '../db/client';
import { conversations, messages, users } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { addressLanguage, customerLanguage } from '../orders';
import { messageDto } from './dto';
import { conversationDto } from './conversation-actions';
import { replySignature, staffName } from './staff-members';
import { replyMail } from './mail';
import { replyHeaders } from './inbound/reply-address';
import type { AppConfig } from '../config';

export const messageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.messages),
  status: z.enum(MESSAGE_STATUSES).optional(),
});

/** Customer messages, newest first (staff replies are read in their threads). */
export async function listMessages(db: Executor, q: z.output<typeof messageQuerySchema>) {
  const where = and(eq(messages.direction, 'inbound'), q.status ? eq(messages.status, q.status) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { messages: rows.map(messageDto), total: counted?.n ?? 0 };
}

async function findMessage(db: Executor, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw notFound('Message not found');
  return row;
}

export async function getMessage(db: Executor, id: number): Promise<ContactMessage> {
  return messageDto(await findMessage(db, id));
}

/** A thread: the conversation and every message in it, customer messages and staff replies, oldest first. */
export async function getThread(db: Executor, conversationId: number) {
  // The conversation, its assignee and its messages side by side: the thread costs one round trip's time.
  const [[found], rows] = await Promise.all([
    db
      .select({ c: conversations, first: users.firstName, last: users.lastName, email: users.email })
      .from(conversations)
      .leftJoin(users, eq(users.id, conversations.assignedTo))
      .where(eq(conversations.id, conversationId)),
    db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.createdAt), asc(messages.id)),
  ]);
  if (!found) throw notFound('Conversation not found');
  const { c, first, last, email } = found;
  const assignee = c.assignedTo && email ? { id: c.assignedTo, name: staffName(first, last, email), email } : null;
  const conversation = await conversationDto(db, c, assignee);
  return { conversation, messages: rows.map(messageDto) };
}

export async function getThreadOfMessage(db: Executor, messageId: number) {
  return getThread(db, (await findMessage(db, messageId)).conversationId);
}

/** pending -> read for one message, or for every pending message of its conversation. Returns how many changed. */
export async function markRead(db: Executor, messageId: number, scope: 'message' | 'conversation'): Promise<number> {
  const m = await findMessage(db, messageId);
  if (scope === 'conversation')
    await db.update(conversations).set({ staffUnread: false }).where(eq(conversations.id, m.conversationId));
  const changed = await db
    .update(messages)
    .set({ status: 'read', readAt: sql`now()` })
    .where(
      and(
        eq(messages.direction, 'inbound'),
        eq(messages.status, 'pending'),
        scope === 'conversation' ? eq(messages.conversationId, m.conversationId) : eq(messages.id, m.id),
      ),
    )
    .returning({ id: messages.id });
  return changed.length;
}

/**
 * Stores the staff reply, marks every unanswered customer message up to the replied one as replied, and
 * queues the e-mail to the sender, all in one transaction: the reply exists iff its e-mail will be sent.
 */
export async function sendReply(
  db: Db,
  opts: { messageId: number; staff: SessionUser; input: z.output<typeof replySchema>; config: AppConfig },
): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const target = await findMessage(tx, opts.messageId);
    const [c] = await tx.select().from(conversations).where(eq(conversations.id, target.conversationId)).for('update');
    const [inbound] =
      target.direction === 'inbound'
        ? [target]
        : await tx
            .select()
            .from(messages)
            .where(and(eq(messages.conversationId, target.conversationId), eq(messages.direction, 'inbound')))
            .orderBy(desc(messages.createdAt), desc(messages.id))
            .limit(1);
    const signedAs = await replySignature(tx, opts.staff.id);

    const [reply] = await tx
      .insert(messages)
      .values({
        conversationId: c!.id,
        direction: 'outbound',
        name: signedAs,
        email: opts.staff.email,
        body: opts.input.message,
        adminNotes: opts.input.admin_notes,
        staffUserId: opts.staff.id,
        replyToMessageId: inbound?.id ?? null,
      })
      .returning();
    await tx
      .update(messages)
      .set({ status: 'replied', repliedAt: sql`now()`, readAt: sql`coalesce(${messages.readAt}, now())` })
      .where(
        and(
          eq(messages.conversationId, c!.id),
          eq(messages.direction, 'inbound'),
          inArray(messages.status, ['pending', 'read']),
          lte(messages.id, inbound?.id ?? 0),
        ),
      );
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`now()`, staffUnread: false })
      .where(eq(conversations.id, c!.id));
    await enqueueMail(tx, {
      ...replyMail({
        to: c!.email,
        name: c!.name,
        reply: opts.input.message,
        original: inbound?.body ?? null,
        messagesUrl: c!.userId ? new URL('/messages', opts.config.appUrl).toString() : null,
        language: c!.userId ? await customerLanguage(tx, c!.userId) : await addressLanguage(tx, c!.email),
      }),
      ...(await replyHeaders(tx, c!, opts.config)),
    });
    return messageDto(reply!);
  });
}

export const patchSchema = z
  .object({ archived: z.boolean().optional(), status: z.enum(MESSAGE_STATUSES).optional() })
  .refine((v) => v.archived !== undefined || v.status !== undefined, 'Nothing to change');

const statusStamps = (status: MessageStatus) =>
  status === 'pending'
    ? { readAt: null, repliedAt: null }
    : status === 'read'
      ? { readAt: sql`coalesce(${messages.readAt}, now())`, repliedAt: null }
      : { readAt: sql`coalesce(${messages.readAt}, now())`, repliedAt: sql`coalesce(${messages.repliedAt}, now())` };

/** archived applies to the message's conversation; status to the message itself (customer messages only). */
export async function patchMessage(
  db: Db,
  messageId: number,
  input: z.output<typeof patchSchema>,
): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const m = await findMessage(tx, messageId);
    if (input.status !== undefined) {
      if (m.direction !== 'inbound') throw badRequest('Only customer messages have a status');
      await tx
        .update(messages)
        .set({ status: input.status, ...statusStamps(input.status) })
        .where(eq(messages.id, m.id));
    }
    if (input.archived !== undefined) {
      await tx.update(conversations).set({ archived: input.archived }).where(eq(conversations.id, m.conversationId));
    }
    return messageDto(await findMessage(tx, m.id));
  });
}
