import { and, asc, eq, inArray } from 'drizzle-orm';
import { BUSINESS } from '../../shared/business';
import type { StaffMember } from '../../shared/contact';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { personName } from '../../shared/person-name';

const STAFF_ROLES = ['admin', 'employee'] as const;

/** First and last name, or the address when a staff member has no name yet. */
export const staffName = (first: string | null, last: string | null, email: string) => personName(first, last, email);

const columns = { id: users.id, first: users.firstName, last: users.lastName, email: users.email };
const toMember = (u: { id: number; first: string | null; last: string | null; email: string }): StaffMember => ({
  id: u.id,
  name: staffName(u.first, u.last, u.email),
  email: u.email,
});

/** Active admins and employees: who a conversation can be assigned to. */
export async function listStaffMembers(db: Executor): Promise<StaffMember[]> {
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), eq(users.isActive, true)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.map(toMember);
}

/** The staff member with this id, or null when there is none (a customer, an inactive account, nobody). */
export async function findStaffMember(db: Executor, id: number): Promise<StaffMember | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES]), eq(users.isActive, true)));
  return row ? toMember(row) : null;
}

/** The name a staff reply is signed with: the member's name, or the shop's when they have none yet. */
export async function replySignature(db: Executor, staffId: number): Promise<string> {
  const [staff] = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, staffId));
  return personName(staff?.first, staff?.last, BUSINESS.name);
}
