import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ContactPayload } from '../../shared/contact';
import type { SessionUser } from '../auth';
import type { Db, Tx } from '../db/client';
import { conversations, messages, orders, users } from '../db/schema';
import { badRequest, tooManyRequests, unauthorized } from '../http/errors';
import { hitLimit } from '../http/rate-limit';
import { enqueueMail } from '../mail/outbox';
import { addressLanguage } from '../orders';
import { getSettingsRow } from '../settings';
import { contactReceiptMail, staffNotification } from './mail';

// A person writes a handful of messages at most; a script writes hundreds. Both windows are one hour. perIp is the
// default of CONTACT_IP_LIMIT (config.ts): an office behind one address may need more.
export const CONTACT_LIMITS = { perIp: 10, perAddress: 5, windowSeconds: 3600 } as const;

const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
};

/** A signed-in sender's own limit is keyed by the account, so a guest typing their address cannot use it up. */
export async function enforceLimits(db: Db, ip: string, ipLimit: number, sender: Sender) {
  const senderKey = sender.userId === null ? `contact:guest:${sender.email}` : `contact:user:${sender.userId}`;
  for (const [key, limit] of [
    [`contact:ip:${ip}`, ipLimit],
    [senderKey, CONTACT_LIMITS.perAddress],
  ] as const) {
    const hit = await hitLimit(db, key, limit, CONTACT_LIMITS.windowSeconds);
    if (!hit.allowed) {
      throw tooManyRequests(
        `Too many messages. Please try again in ${waitText(hit.retryAfterSeconds)}.`,
        hit.retryAfterSeconds,
      );
    }
  }
}

/** The order a signed-in sender refers to must be one of their own; its number comes from the database. */
async function resolveOrder(db: Db, payload: ContactPayload, user: SessionUser | null) {
  const orderId = payload.contact_type === 'user' ? payload.order_id : null;
  if (orderId === null || orderId === undefined) return null;
  const [order] = user
    ? await db
        .select({ id: orders.id, orderNumber: orders.orderNumber })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)))
    : [];
  // Someone else's order is refused like a missing one: no hint that it exists.
  if (!order) throw badRequest('Please select an order', [{ field: 'order_id', message: 'Please select an order' }]);
  return order;
}

export type SubmitResult = { messageId: number; conversationId: number };

/** Who wrote: a signed-in user is their session's address, whatever the body says; a guest is the address typed. */
export type Sender = { email: string; userId: number | null };

export const SIGN_IN_TO_SEND = 'Please sign in to send this message, or use the general contact form.';

function senderOf(payload: ContactPayload, user: SessionUser | null): Sender {
  if (user) return { email: user.email, userId: user.id };
  if (payload.contact_type === 'user') throw unauthorized(SIGN_IN_TO_SEND);
  return { email: payload.email, userId: null };
}

/** One conversation per signed-in user and one per guest address; a new message brings an archived one back. */
async function conversationFor(tx: Tx, sender: Sender, name: string): Promise<number> {
  const values = { email: sender.email, name, userId: sender.userId, lastMessageAt: sql`now()` };
  const set = { name: sql`excluded.name`, email: sql`excluded.email`, archived: false, lastMessageAt: sql`now()` };
  const [row] =
    sender.userId === null
      ? await tx
          .insert(conversations)
          .values(values)
          .onConflictDoUpdate({ target: conversations.email, targetWhere: sql`user_id is null`, set })
          .returning({ id: conversations.id })
      : await tx
          .insert(conversations)
          .values(values)
          .onConflictDoUpdate({ target: conversations.userId, targetWhere: sql`user_id is not null`, set })
          .returning({ id: conversations.id });
  return row!.id;
}

export async function submitContact(
  db: Db,
  opts: { payload: ContactPayload; user: SessionUser | null; ip: string; ipLimit: number; appUrl: string },
): Promise<SubmitResult> {
  const { payload, user } = opts;
  const sender = senderOf(payload, user);
  await enforceLimits(db, opts.ip, opts.ipLimit, sender);
  const order = await resolveOrder(db, payload, user);
  const reason = payload.contact_type === 'user' ? payload.reason : 'general';
  const phone = payload.contact_type === 'user' ? null : (payload.phone ?? null);

  return db.transaction(async (tx) => {
    const conversationId = await conversationFor(tx, sender, payload.name);
    const conversation = { id: conversationId };
    const [message] = await tx
      .insert(messages)
      .values({
        conversationId: conversation.id,
        direction: 'inbound',
        name: payload.name,
        email: sender.email,
        phone,
        body: payload.message,
        reason,
        contactType: user ? 'user' : 'guest',
        orderId: order?.id ?? null,
        orderNumber: order?.orderNumber ?? null,
        status: 'pending',
      })
      .returning({ id: messages.id });

    await notifyStaff(
      tx,
      {
        conversationId: conversation.id,
        name: payload.name,
        email: sender.email,
        phone,
        body: payload.message,
        reason,
        orderNumber: order?.orderNumber ?? null,
      },
      opts.appUrl,
    );
    // A guest has no Messages screen: the receipt is their proof the message arrived (a signed-in sender sees it
    // in the shop).
    if (!user) {
      // The language of the page they wrote from, else the account's that has the address, else English.
      const asked = 'language' in payload ? payload.language : undefined;
      const language = asked ?? (await addressLanguage(tx, sender.email));
      await enqueueMail(tx, contactReceiptMail({ email: sender.email, body: payload.message }, language));
    }
    return { messageId: message!.id, conversationId: conversation.id };
  });
}

/** Tells active staff a customer message arrived, when the settings ask for it; inside the caller's transaction. */
export async function notifyStaff(tx: Tx, msg: Parameters<typeof staffNotification>[1], appUrl: string) {
  const settingsRow = await getSettingsRow(tx);
  if (!settingsRow.notifyStaffOnContact) return;
  const staff = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'employee']), eq(users.isActive, true)));
  await enqueueMail(
    tx,
    staffNotification(
      staff.map((s) => s.email),
      msg,
      appUrl,
    ),
  );
}
