import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SavedReply, savedReplyInputSchema, savedReplyPatchSchema } from '../../shared/saved-replies';
import type { Executor } from '../db/client';
import { savedReplies } from '../db/schema';
import { notFound } from '../http/errors';

type Row = typeof savedReplies.$inferSelect;
const dto = (r: Row): SavedReply => ({ id: r.id, title: r.title, body: r.body, updated_at: r.updatedAt.toISOString() });
const found = (r: Row | undefined) => {
  if (!r) throw notFound('Saved reply not found');
  return dto(r);
};

/** Every saved reply, by title: staff pick one by its name. */
export async function listSavedReplies(db: Executor): Promise<SavedReply[]> {
  const rows = await db.select().from(savedReplies).orderBy(asc(savedReplies.title), asc(savedReplies.id));
  return rows.map(dto);
}

export async function createSavedReply(db: Executor, input: z.output<typeof savedReplyInputSchema>) {
  const [row] = await db.insert(savedReplies).values(input).returning();
  return dto(row!);
}

export async function updateSavedReply(db: Executor, id: number, input: z.output<typeof savedReplyPatchSchema>) {
  const [row] = await db
    .update(savedReplies)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(savedReplies.id, id))
    .returning();
  return found(row);
}

export async function deleteSavedReply(db: Executor, id: number) {
  const [row] = await db.delete(savedReplies).where(eq(savedReplies.id, id)).returning();
  found(row);
}
