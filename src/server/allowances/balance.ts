import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { allowanceLedger, allowanceOverrides } from '../db/schema';
import type { DepartmentRow } from '../departments';
import { periodFor, type AllowancePeriod } from './period';

export type MemberAllowance = {
  departmentId: number;
  departmentName: string;
  amountCents: number;
  usedCents: number;
  remainingCents: number;
  period: AllowancePeriod;
};

/** Each member's amount: an admin's override, else the department's (null when neither gives one). */
async function amountsFor(db: Executor, department: DepartmentRow, userIds: number[]) {
  const overrides = await db
    .select({ userId: allowanceOverrides.userId, amountCents: allowanceOverrides.amountCents })
    .from(allowanceOverrides)
    .where(and(eq(allowanceOverrides.departmentId, department.id), inArray(allowanceOverrides.userId, userIds)));
  const byUser = new Map(overrides.map((o) => [o.userId, o.amountCents]));
  return (userId: number): number | null => byUser.get(userId) ?? department.allowanceCents;
}

/** Uses less returns in one period per member: the ledger is the only record, the balance is derived from it. */
async function usedIn(db: Executor, userIds: number[], departmentId: number, periodStart: string) {
  const rows = await db
    .select({ userId: allowanceLedger.userId, used: sql<string>`coalesce(sum(${allowanceLedger.amountCents}), 0)` })
    .from(allowanceLedger)
    .where(
      and(
        inArray(allowanceLedger.userId, userIds),
        eq(allowanceLedger.departmentId, departmentId),
        eq(allowanceLedger.periodStart, periodStart),
      ),
    )
    .groupBy(allowanceLedger.userId);
  const byUser = new Map(rows.map((r) => [r.userId, Number(r.used)]));
  return (userId: number) => byUser.get(userId) ?? 0;
}

/**
 * The allowances of several members of one department in the period holding `at`, in two queries whatever their
 * number; a member the department gives no allowance is missing from the map.
 */
export async function memberAllowances(
  db: Executor,
  department: DepartmentRow,
  userIds: number[],
  at: Date,
): Promise<Map<number, MemberAllowance>> {
  const result = new Map<number, MemberAllowance>();
  if (userIds.length === 0) return result;
  const period = periodFor(at, department.allowancePeriodStart);
  // One after the other: `db` may be the checkout's transaction, which runs one statement at a time.
  const amountOf = await amountsFor(db, department, userIds);
  const usedBy = await usedIn(db, userIds, department.id, period.start);
  for (const userId of userIds) {
    const amountCents = amountOf(userId);
    if (amountCents === null) continue;
    const usedCents = usedBy(userId);
    result.set(userId, {
      departmentId: department.id,
      departmentName: department.name,
      amountCents,
      usedCents,
      remainingCents: Math.max(0, amountCents - usedCents),
      period,
    });
  }
  return result;
}

/** The member's allowance in the period holding `at`, or null when their department gives none. */
export async function memberAllowance(
  db: Executor,
  department: DepartmentRow | null,
  userId: number,
  at: Date,
): Promise<MemberAllowance | null> {
  if (!department) return null;
  return (await memberAllowances(db, department, [userId], at)).get(userId) ?? null;
}

/**
 * Serialises everything that spends one member's allowance: held to the end of the caller's transaction, so a
 * second checkout reads the balance only after the first has written its use (PostgreSQL and PGlite alike).
 */
export async function lockMemberAllowance(db: Executor, userId: number): Promise<void> {
  await selectRows(db, sql`select pg_advisory_xact_lock(hashtextextended(${`allowance:${userId}`}, 0))`);
}
