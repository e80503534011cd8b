import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerReplySchema, MyConversation, MyMessage } from '../../shared/my-messages';
import type { SessionUser } from '../auth';
import type { Db, Executor, Tx } from '../db/client';
import { selectRows } from '../db/rows';
import { conversations, heldMail, messages, users } from '../db/schema';
import { notFound } from '../http/errors';
import { enforceLimits, notifyStaff } from './submit';

// The customer's side of the message centre (docs/product.md#contact-and-the-message-centre): their own conversations only.
// Another customer's conversation answers 404 like a missing one, so ids reveal nothing.

type MessageRow = typeof messages.$inferSelect;
const iso = (d: Date | string) => new Date(d).toISOString();

export const myMessageDto = (m: MessageRow): MyMessage => ({
  id: m.id,
  direction: m.direction,
  name: m.name,
  message: m.body,
  order_id: m.orderId,
  order_number: m.orderNumber,
  source: m.source,
  attachments: m.attachments,
  created_at: iso(m.createdAt),
});

/**
 * A guest's conversation under the user's address becomes the user's: adopted when they have none, else its
 * messages (and held mail) move into theirs and the guest one goes. Addresses compare lower-cased (both are stored so,
 * which keeps this on conversations_guest_email_uq).
 */
export async function claimGuestConversations(tx: Tx, user: { id: number; email: string }) {
  const guest = await tx
    .select({ id: conversations.id, lastMessageAt: conversations.lastMessageAt })
    .from(conversations)
    .where(and(isNull(conversations.userId), eq(conversations.email, user.email.toLowerCase())))
    .for('update');
  if (guest.length === 0) return;
  const [own] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.userId, user.id))
    .for('update');
  for (const g of guest) {
    if (!own) {
      await tx.update(conversations).set({ userId: user.id }).where(eq(conversations.id, g.id));
      continue;
    }
    await tx.update(messages).set({ conversationId: own.id }).where(eq(messages.conversationId, g.id));
    await tx.update(heldMail).set({ conversationId: own.id }).where(eq(heldMail.conversationId, g.id));
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${g.lastMessageAt})`, archived: false })
      .where(eq(conversations.id, own.id));
    await tx.delete(conversations).where(eq(conversations.id, g.id));
  }
}

type ListRow = {
  id: number;
  last_message_at: string | Date;
  message_count: number;
  unread_count: number;
  lm_body: string | null;
  lm_direction: 'inbound' | 'outbound' | null;
  lm_created_at: string | Date | null;
};

export async function listMine(
  db: Db,
  user: SessionUser,
): Promise<{ conversations: MyConversation[]; unread: number }> {
  await db.transaction((tx) => claimGuestConversations(tx, user));
  const rows = await selectRows<ListRow>(
    db,
    sql`
    select c.id, c.last_message_at, a.message_count, a.unread_count,
      lm.body as lm_body, lm.direction as lm_direction, lm.created_at as lm_created_at
    from conversations c
    cross join lateral (select count(*)::int as message_count,
        (count(*) filter (where m.direction = 'outbound'
          and m.created_at > coalesce(c.customer_seen_at, '-infinity'::timestamptz)))::int as unread_count,
        (array_agg(m.id order by m.created_at desc, m.id desc))[1] as last_id
      from messages m where m.conversation_id = c.id) a
    left join messages lm on lm.id = a.last_id
    where c.user_id = ${user.id}
    order by c.last_message_at desc, c.id desc`,
  );
  const list = rows.map((r) => ({
    id: r.id,
    last_message_at: iso(r.last_message_at),
    message_count: r.message_count,
    unread_count: r.unread_count,
    last_message:
      r.lm_body === null
        ? null
        : { body: r.lm_body.slice(0, 160), direction: r.lm_direction!, created_at: iso(r.lm_created_at!) },
  }));
  return { conversations: list, unread: list.reduce((n, c) => n + c.unread_count, 0) };
}

async function ownConversation(db: Executor, user: SessionUser, id: number) {
  const [c] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, user.id)));
  if (!c) throw notFound('Conversation not found');
  return c;
}

/** The thread, oldest first; reading it marks the shop's messages seen. Staff notes and statuses are not part of it. */
export async function getMine(db: Db, user: SessionUser, id: number) {
  await db.transaction((tx) => claimGuestConversations(tx, user));
  const c = await ownConversation(db, user, id);
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, c.id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  await db
    .update(conversations)
    .set({ customerSeenAt: sql`now()` })
    .where(eq(conversations.id, c.id));
  return {
    conversation: { id: c.id, created_at: iso(c.createdAt), last_message_at: iso(c.lastMessageAt) },
    messages: rows.map(myMessageDto),
  };
}

/** The customer answers in the shop: a new pending message from their session's address, staff told as for the form. */
export async function replyMine(
  db: Db,
  opts: {
    user: SessionUser;
    id: number;
    input: z.output<typeof customerReplySchema>;
    ip: string;
    ipLimit: number;
    appUrl: string;
  },
): Promise<MyMessage> {
  const { user } = opts;
  await ownConversation(db, user, opts.id);
  await enforceLimits(db, opts.ip, opts.ipLimit, { email: user.email, userId: user.id });
  return db.transaction(async (tx) => {
    const c = await ownConversation(tx, user, opts.id);
    const [profile] = await tx
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, user.id));
    const name = [profile?.first, profile?.last].filter(Boolean).join(' ') || c.name;
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId: c.id,
        direction: 'inbound',
        name,
        email: user.email,
        body: opts.input.message,
        contactType: 'user',
        status: 'pending',
      })
      .returning();
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`now()`, customerSeenAt: sql`now()`, archived: false })
      .where(eq(conversations.id, c.id));
    await notifyStaff(
      tx,
      {
        conversationId: c.id,
        name,
        email: user.email,
        phone: null,
        body: opts.input.message,
        reason: null,
        orderNumber: null,
      },
      opts.appUrl,
    );
    return myMessageDto(row!);
  });
}
