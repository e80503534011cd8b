import { asc, eq, sql } from 'drizzle-orm';
import type { ContactMessage, HeldMail } from '../../../shared/contact';
import type { Db, Executor } from '../../db/client';
import { conversations, heldMail, messages } from '../../db/schema';
import { notFound } from '../../http/errors';
import { messageDto } from '../dto';

// Staff review of held inbound mail: accepted, it joins its conversation as a pending e-mailed message; discarded, it goes.

const heldDto = (h: typeof heldMail.$inferSelect): HeldMail => ({
  id: h.id,
  conversation_id: h.conversationId,
  reason: h.reason,
  from_address: h.fromAddress,
  from_name: h.fromName,
  subject: h.subject,
  body: h.body,
  attachments: h.attachments,
  created_at: h.createdAt.toISOString(),
});

export async function listHeld(db: Executor, conversationId: number | undefined): Promise<HeldMail[]> {
  const rows = await db
    .select()
    .from(heldMail)
    .where(conversationId === undefined ? undefined : eq(heldMail.conversationId, conversationId))
    .orderBy(asc(heldMail.createdAt), asc(heldMail.id))
    .limit(200);
  return rows.map(heldDto);
}

export async function acceptHeld(db: Db, id: number): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [h] = await tx.delete(heldMail).where(eq(heldMail.id, id)).returning();
    if (!h) throw notFound('Held mail not found');
    const [c] = await tx.select().from(conversations).where(eq(conversations.id, h.conversationId)).for('update');
    const [m] = await tx
      .insert(messages)
      .values({
        conversationId: h.conversationId,
        direction: 'inbound',
        name: h.fromName,
        email: h.fromAddress,
        body: h.body,
        contactType: c?.userId ? 'user' : 'guest',
        status: 'pending',
        source: 'email',
        attachments: h.attachments,
        createdAt: h.createdAt,
      })
      .returning();
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`greatest(${conversations.lastMessageAt}, now())`, archived: false })
      .where(eq(conversations.id, h.conversationId));
    return messageDto(m!);
  });
}

export async function discardHeld(db: Executor, id: number): Promise<void> {
  const gone = await db.delete(heldMail).where(eq(heldMail.id, id)).returning({ id: heldMail.id });
  if (gone.length === 0) throw notFound('Held mail not found');
}
