import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ContactPayload } from '../../shared/contact';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { conversations, messages, orders, users } from '../db/schema';
import { badRequest, tooManyRequests } from '../http/errors';
import { hitLimit } from '../http/rate-limit';
import { enqueueMail } from '../mail/outbox';
import { getSettingsRow } from '../settings/service';
import { staffNotification } from './mail';

// A person writes a handful of messages at most; a script writes hundreds. Both windows are one hour.
export const CONTACT_LIMITS = { perIp: 10, perAddress: 5, windowSeconds: 3600 } as const;

const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
};

async function enforceLimits(db: Db, ip: string, email: string) {
  for (const [key, limit] of [
    [`contact:ip:${ip}`, CONTACT_LIMITS.perIp],
    [`contact:email:${email}`, CONTACT_LIMITS.perAddress],
  ] as const) {
    const hit = await hitLimit(db, key, limit, CONTACT_LIMITS.windowSeconds);
    if (!hit.allowed) {
      throw tooManyRequests(`Too many messages. Please try again in ${waitText(hit.retryAfterSeconds)}.`, hit.retryAfterSeconds);
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

export async function submitContact(db: Db, opts: { payload: ContactPayload; user: SessionUser | null; ip: string; appUrl: string }): Promise<SubmitResult> {
  const { payload, user } = opts;
  await enforceLimits(db, opts.ip, payload.email);
  const order = await resolveOrder(db, payload, user);
  const reason = payload.contact_type === 'user' ? payload.reason : 'general';
  const phone = payload.contact_type === 'user' ? null : (payload.phone ?? null);

  return db.transaction(async (tx) => {
    // One conversation per sender address; a new message brings an archived one back to the inbox.
    const [conversation] = await tx
      .insert(conversations)
      .values({ email: payload.email, name: payload.name, userId: user?.id ?? null, lastMessageAt: sql`now()` })
      .onConflictDoUpdate({
        target: conversations.email,
        set: {
          name: sql`excluded.name`,
          userId: sql`coalesce(excluded.user_id, ${conversations.userId})`,
          archived: false,
          lastMessageAt: sql`now()`,
        },
      })
      .returning({ id: conversations.id });
    const [message] = await tx
      .insert(messages)
      .values({
        conversationId: conversation!.id,
        direction: 'inbound',
        name: payload.name,
        email: payload.email,
        phone,
        body: payload.message,
        reason,
        contactType: user ? 'user' : 'guest',
        orderId: order?.id ?? null,
        orderNumber: order?.orderNumber ?? null,
        status: 'pending',
      })
      .returning({ id: messages.id });

    const settingsRow = await getSettingsRow(tx);
    if (settingsRow.notifyStaffOnContact) {
      const staff = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(inArray(users.role, ['admin', 'employee']), eq(users.isActive, true)));
      await enqueueMail(
        tx,
        staffNotification(
          staff.map((s) => s.email),
          { conversationId: conversation!.id, name: payload.name, email: payload.email, phone, body: payload.message, reason, orderNumber: order?.orderNumber ?? null },
          opts.appUrl,
        ),
      );
    }
    return { messageId: message!.id, conversationId: conversation!.id };
  });
}
