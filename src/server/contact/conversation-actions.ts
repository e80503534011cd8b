import { eq } from 'drizzle-orm';
import type { AssignInput, StaffMember, Thread } from '../../shared/contact';
import type { Db, Executor } from '../db/client';
import { conversations } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { findStaffMember } from './staff-members';

type ConversationRow = typeof conversations.$inferSelect;

/** The conversation as the thread answers it, with its assignee named. */
export async function conversationDto(
  db: Executor,
  c: ConversationRow,
  /** The assignee when the caller read it already (undefined: looked up here). */
  known?: StaffMember | null,
): Promise<Thread['conversation']> {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    user_id: c.userId,
    archived: c.archived,
    assignee: c.assignedTo === null ? null : known !== undefined ? known : await findStaffMember(db, c.assignedTo),
    marked_unread: c.staffUnread,
    last_message_at: c.lastMessageAt.toISOString(),
    created_at: c.createdAt.toISOString(),
  };
}

async function update(db: Executor, id: number, set: Partial<ConversationRow>) {
  const [c] = await db.update(conversations).set(set).where(eq(conversations.id, id)).returning();
  if (!c) throw notFound('Conversation not found');
  return c;
}

/** Assigns the conversation to a staff member, or unassigns it (null). Anyone else is refused with a 400. */
export async function assignConversation(db: Db, id: number, input: AssignInput) {
  return db.transaction(async (tx) => {
    if (input.user_id !== null && !(await findStaffMember(tx, input.user_id)))
      throw badRequest('Assignee must be a staff member', [
        { field: 'user_id', message: 'Assignee must be a staff member' },
      ]);
    return conversationDto(tx, await update(tx, id, { assignedTo: input.user_id }));
  });
}

/**
 * Marks the conversation unread for staff. Its messages keep their statuses (a replied message stays replied, so
 * "Needs reply" and the reply history stay true); the flag counts it as unread until a staff member opens it.
 */
export async function markConversationUnread(db: Executor, id: number) {
  return conversationDto(db, await update(db, id, { staffUnread: true }));
}
