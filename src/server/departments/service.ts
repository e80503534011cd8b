import type { Executor } from '../db/client';
import { departments } from '../db/schema';

export type DepartmentRow = typeof departments.$inferSelect;

/** The department an address belongs to: an exact member address first, then its domain. */
export async function findDepartmentForEmail(db: Executor, email: string): Promise<DepartmentRow | null> {
  const address = email.trim().toLowerCase();
  const domain = address.split('@')[1] ?? '';
  const all = await db.select().from(departments);
  return (
    all.find((d) => d.memberEmails.some((m) => m.toLowerCase() === address)) ??
    all.find((d) => d.domains.some((m) => m.toLowerCase().replace(/^@/, '') === domain)) ??
    null
  );
}
