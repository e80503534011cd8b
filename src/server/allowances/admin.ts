import { and, asc, eq } from 'drizzle-orm';
import { OVERRIDE_NOT_MEMBER, type AllowanceOverride, type MyAllowance } from '../../shared/allowances';
import { toCents, toDollars } from '../../shared/money';
import type { Db, Executor } from '../db/client';
import { allowanceOverrides, users } from '../db/schema';
import { findDepartment, findDepartmentForEmail } from '../departments';
import { badRequest, notFound } from '../http/errors';
import { memberAllowance } from './balance';

/** GET /users/me/allowance: the signed-in member's balance in the period holding `now`. */
export async function myAllowance(db: Executor, user: { id: number; email: string }, now: Date) {
  const department = await findDepartmentForEmail(db, user.email);
  const a = await memberAllowance(db, department, user.id, now);
  if (!a) return null;
  return {
    amount: toDollars(a.amountCents),
    used: toDollars(a.usedCents),
    remaining: toDollars(a.remainingCents),
    period_start: a.period.start,
    period_end: a.period.end,
    department: a.departmentName,
  } satisfies MyAllowance;
}

export async function listOverrides(db: Executor, departmentId: number): Promise<AllowanceOverride[]> {
  if (!(await findDepartment(db, departmentId))) throw notFound('Department not found');
  const rows = await db
    .select({ userId: allowanceOverrides.userId, email: users.email, amountCents: allowanceOverrides.amountCents })
    .from(allowanceOverrides)
    .innerJoin(users, eq(users.id, allowanceOverrides.userId))
    .where(eq(allowanceOverrides.departmentId, departmentId))
    .orderBy(asc(users.email));
  return rows.map((r) => ({ user_id: r.userId, email: r.email, amount: toDollars(r.amountCents) }));
}

/**
 * PUT /departments/:id/allowances/:userId: sets (or with null removes) one member's amount. Membership follows the
 * department's domains and member e-mails, so an override for anyone else would never apply: refused.
 */
export async function setOverride(db: Db, departmentId: number, userId: number, amount: number | null) {
  return db.transaction(async (tx) => {
    const department = await findDepartment(tx, departmentId);
    if (!department) throw notFound('Department not found');
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
    const home = user ? await findDepartmentForEmail(tx, user.email) : null;
    if (!user || home?.id !== departmentId) {
      throw badRequest(OVERRIDE_NOT_MEMBER, [{ field: 'userId', message: OVERRIDE_NOT_MEMBER }], 'NOT_A_MEMBER');
    }
    const where = and(eq(allowanceOverrides.departmentId, departmentId), eq(allowanceOverrides.userId, userId));
    if (amount === null) {
      await tx.delete(allowanceOverrides).where(where);
    } else {
      await tx
        .insert(allowanceOverrides)
        .values({ departmentId, userId, amountCents: toCents(amount) })
        .onConflictDoUpdate({
          target: [allowanceOverrides.departmentId, allowanceOverrides.userId],
          set: { amountCents: toCents(amount), updatedAt: new Date() },
        });
    }
    return listOverrides(tx, departmentId);
  });
}
