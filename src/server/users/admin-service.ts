import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UserPatch, UsersQuery } from '../../shared/admin';
import { usersQuerySchema } from '../../shared/admin';
import type { Db, Executor } from '../db/client';
import { departments, users } from '../db/schema';
import { departmentOf, type DepartmentRow } from '../departments';
import { conflict, notFound } from '../http/errors';
import { userDto } from './user-dto';
import { revokeAllForUser } from '../sessions';

type DepartmentNames = Pick<DepartmentRow, 'name' | 'memberEmails' | 'domains'>[];

const adminUserDto = (u: typeof users.$inferSelect, all: DepartmentNames) => ({
  ...userDto(u),
  last_login_at: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
  department_name: departmentOf(all, u.email)?.name ?? null,
});

const departmentList = (db: Executor) =>
  db
    .select({ name: departments.name, memberEmails: departments.memberEmails, domains: departments.domains })
    .from(departments)
    .orderBy(asc(departments.id));

/**
 * Members of department `id` as departmentOf decides: listed by address, or at one of its domains and listed by
 * address in no other department.
 */
const memberOf = (id: number): SQL => sql`(
  exists (select 1 from ${departments} d, unnest(d.member_emails) m
          where d.id = ${id} and lower(m) = lower(${users.email}))
  or (exists (select 1 from ${departments} d, unnest(d.domains) dm
              where d.id = ${id} and lower(ltrim(dm, '@')) = split_part(lower(${users.email}), '@', 2))
      and not exists (select 1 from ${departments} o, unnest(o.member_emails) m
                      where o.id <> ${id} and lower(m) = lower(${users.email}))))`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(db: Db, raw: UsersQuery) {
  const q = usersQuerySchema.parse(raw);
  const filters: SQL[] = [];
  if (q.role) filters.push(eq(users.role, q.role));
  if (q.department_id) filters.push(memberOf(q.department_id));
  if (q.active) filters.push(eq(users.isActive, q.active === 'true'));
  if (q.search) {
    const p = likePattern(q.search);
    filters.push(
      or(
        ilike(users.email, p),
        ilike(users.firstName, p),
        ilike(users.lastName, p),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, p),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total } = { total: 0 }], all] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.email), asc(users.id)).limit(q.limit).offset(q.offset),
    db.select({ total: count() }).from(users).where(where),
    departmentList(db),
  ]);
  return { users: rows.map((u) => adminUserDto(u, all)), total: Number(total) };
}

export const SELF_DEMOTE = 'You cannot remove your own admin role';
export const SELF_DEACTIVATE = 'You cannot deactivate your own account';
export const LAST_ADMIN = 'The last active admin cannot be demoted or deactivated. Make another user admin first.';

/**
 * Role and activation changes. The user's next request reads the new role (sessions look the user up
 * every time); deactivation also revokes every session so refresh tokens die with it.
 */
export async function patchUser(db: Db, actorId: number, targetId: number, patch: UserPatch) {
  return db.transaction(async (tx) => {
    // Lock the active admins so two admins demoting each other at once cannot leave none.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
      .orderBy(asc(users.id))
      .for('update');
    const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
    if (!target) throw notFound('User not found');

    const losesAdmin =
      target.role === 'admin' &&
      target.isActive &&
      ((patch.role !== undefined && patch.role !== 'admin') || patch.is_active === false);
    if (targetId === actorId && patch.role !== undefined && patch.role !== 'admin' && target.role === 'admin')
      throw conflict(SELF_DEMOTE, 'SELF_PROTECTION');
    if (targetId === actorId && patch.is_active === false) throw conflict(SELF_DEACTIVATE, 'SELF_PROTECTION');
    if (losesAdmin && !admins.some((a) => a.id !== targetId)) throw conflict(LAST_ADMIN, 'LAST_ADMIN');

    const [row] = await tx
      .update(users)
      .set({
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.is_active !== undefined ? { isActive: patch.is_active } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, targetId))
      .returning();
    if (patch.is_active === false && target.isActive) await revokeAllForUser(tx, targetId);
    return adminUserDto(row!, await departmentList(tx));
  });
}
