import { sql } from 'drizzle-orm';
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

/**
 * Each member's override (an admin's amount, else null: the department's applies) and their uses less returns in the
 * period, in one statement whatever their number: the ledger is the only record, the balance is derived from it.
 */
async function overridesAndUse(db: Executor, departmentId: number, userIds: number[], periodStart: string) {
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await selectRows<{ user_id: number; override_cents: number | null; used: string }>(
    db,
    sql`select u.id as user_id,
        (select o.amount_cents from ${allowanceOverrides} o
          where o.department_id = ${departmentId} and o.user_id = u.id) as override_cents,
        (select coalesce(sum(l.amount_cents), 0) from ${allowanceLedger} l
          where l.user_id = u.id and l.department_id = ${departmentId} and l.period_start = ${periodStart}) as used
      from unnest(array[${ids}]::integer[]) as u(id)`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), { override: r.override_cents, used: Number(r.used) }]));
}

/**
 * The allowances of several members of one department in the period holding `at`, in one query whatever their
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
  const byUser = await overridesAndUse(db, department.id, userIds, period.start);
  for (const userId of userIds) {
    const found = byUser.get(userId);
    const amountCents = found?.override ?? department.allowanceCents;
    if (amountCents === null) continue;
    const usedCents = found?.used ?? 0;
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
