import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerReplySchema, MyConversation, MyMessage } from '../../shared/my-messages';
import type { SessionUser } from '../auth';
import type { Db, Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { conversations, messages, users } from '../db/schema';
import { notFound } from '../http/errors';
import { enforceLimits, notifyStaff } from './submit';
import { personName } from '../../shared/person-name';

// The customer's side of the message centre (docs/product.md#contact-and-the-message-centre): their own conversations only.
// Another customer's conversation answers 404 like a missing one, so ids reveal nothing.
// What a guest wrote under the customer's address is never part of it (security round 3, finding 1): a guest never
// proved the address, so their messages stay in the guest conversation, which staff see apart, and never show as "You".

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
  signed_out: m.direction === 'inbound' && m.contactType === 'guest',
  created_at: iso(m.createdAt),
});

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
    const name = personName(profile?.first, profile?.last, c.name);
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
