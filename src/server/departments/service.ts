import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { departments } from '../db/schema';

export type DepartmentRow = typeof departments.$inferSelect;

/** The department an address belongs to: an exact member address first, then its domain. */
export async function findDepartmentForEmail(db: Executor, email: string): Promise<DepartmentRow | null> {
  // Every cart read, add and quote asks this, fresh: prepared, the select is built once and parsed once per connection.
  const all = prepared(db, 'departments_all', (d) => d.select().from(departments).prepare('departments_all'));
  return departmentOf(await all.execute(), email);
}

/** The membership rule on a list already read (the catalogue cache keeps one). */
export function departmentOf<T extends Pick<DepartmentRow, 'memberEmails' | 'domains'>>(
  all: T[],
  email: string,
): T | null {
  const address = email.trim().toLowerCase();
  const domain = address.split('@')[1] ?? '';
  return (
    all.find((d) => d.memberEmails.some((m) => m.toLowerCase() === address)) ??
    all.find((d) => d.domains.some((m) => m.toLowerCase().replace(/^@/, '') === domain)) ??
    null
  );
}

export async function findDepartment(db: Executor, id: number | null): Promise<DepartmentRow | null> {
  if (id === null) return null;
  const [row] = await db.select().from(departments).where(eq(departments.id, id));
  return row ?? null;
}
