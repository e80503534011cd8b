import { desc, eq } from 'drizzle-orm';
import { CUSTOMER_NOT_FOUND, type CustomerNote } from '../../shared/customers';
import type { Db, Executor } from '../db/client';
import { customerNotes, users } from '../db/schema';
import { notFound } from '../http/errors';
import { personName } from '../../shared/person-name';

const authorName = (a: { first: string | null; last: string | null; email: string | null }) =>
  personName(a.first, a.last) ?? a.email;

/** The customer's notes, newest first, each with its author. */
export async function notesOf(db: Executor, userId: number): Promise<CustomerNote[]> {
  const rows = await db
    .select({
      id: customerNotes.id,
      body: customerNotes.body,
      createdAt: customerNotes.createdAt,
      first: users.firstName,
      last: users.lastName,
      email: users.email,
    })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.authorId))
    .where(eq(customerNotes.userId, userId))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
  return rows.map((r) => ({ id: r.id, body: r.body, author: authorName(r), created_at: r.createdAt.toISOString() }));
}

/** POST /customers/:id/notes: a staff member writes a note on a customer. */
export async function addNote(
  db: Db,
  userId: number,
  author: { id: number; email: string; firstName?: string | null; lastName?: string | null },
  body: string,
): Promise<CustomerNote> {
  return db.transaction(async (tx) => {
    const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    const [row] = await tx.insert(customerNotes).values({ userId, authorId: author.id, body }).returning();
    const [me] = await tx
      .select({ first: users.firstName, last: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, author.id));
    return {
      id: row!.id,
      body: row!.body,
      author: me ? authorName(me) : author.email,
      created_at: row!.createdAt.toISOString(),
    };
  });
}
