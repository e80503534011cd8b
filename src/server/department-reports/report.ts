import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DepartmentReport } from '../../shared/department-report';
import { toDollars } from '../../shared/money';
import { SALE_STATUSES } from '../../shared/order-statuses';
import { SHOP_TIME_ZONE, shopDayStart } from '../../shared/time';
import type { Executor } from '../db/client';
import { saleValueSql } from '../accounts';
import { memberAllowances } from '../allowances';
import { allowanceLedger, allowanceOverrides, orders, users } from '../db/schema';
import { findDepartment } from '../departments';
import { notFound } from '../http/errors';
import { currentPeriod, periodMonths } from './period';
import { personName } from '../../shared/person-name';

/** The shop's calendar month of an order, "2026-03", computed by the database in the shop's zone. */
export const shopMonth = sql<string>`to_char(${orders.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}, 'YYYY-MM')`;

/** The department's spent orders (sales: approved, not called off) placed between two shop days (start inclusive, end exclusive). */
export const spentIn = (departmentId: number, start: string, end: string) =>
  and(
    eq(orders.departmentId, departmentId),
    gte(orders.createdAt, shopDayStart(start)),
    lt(orders.createdAt, shopDayStart(end)),
    inArray(orders.status, [...SALE_STATUSES]),
  );

const dollarsOrNull = (cents: number | undefined) => (cents === undefined ? null : toDollars(cents));

/**
 * GET /departments/:id/report: spend per member and per month over the current period, and each member's allowance
 * (amount, used, remaining) from the allowance ledger. Members are those who spent, hold allowance (an order still
 * waiting for approval holds it without being spend) or have their own amount; the others have the whole allowance.
 */
export async function departmentReport(db: Executor, id: number, now = new Date()): Promise<DepartmentReport> {
  const department = await findDepartment(db, id);
  if (!department) throw notFound('Department not found');
  const period = currentPeriod(now, department.allowancePeriodStart);
  const where = spentIn(id, period.start, period.end);
  const spend = db
    .select({
      userId: orders.userId,
      orders: sql<number>`count(*)::int`.as('orders'),
      cents: sql<number>`sum(${saleValueSql()})::int`.as('cents'),
    })
    .from(orders)
    .where(where)
    .groupBy(orders.userId)
    .as('spend');
  const inLedger = db
    .selectDistinct({ userId: allowanceLedger.userId })
    .from(allowanceLedger)
    .where(and(eq(allowanceLedger.departmentId, id), eq(allowanceLedger.periodStart, period.start)));
  const withOverride = db
    .select({ userId: allowanceOverrides.userId })
    .from(allowanceOverrides)
    .where(eq(allowanceOverrides.departmentId, id));
  const members = await db
    .select({
      userId: users.id,
      email: users.email,
      first: users.firstName,
      last: users.lastName,
      orders: sql<number>`coalesce(${spend.orders}, 0)`,
      cents: sql<number>`coalesce(${spend.cents}, 0)`,
    })
    .from(users)
    .leftJoin(spend, eq(spend.userId, users.id))
    .where(or(isNotNull(spend.userId), inArray(users.id, inLedger), inArray(users.id, withOverride)))
    .orderBy(sql`coalesce(${spend.cents}, 0) desc`, asc(users.email));
  const months = await db
    .select({
      month: shopMonth,
      orders: sql<number>`count(*)::int`,
      cents: sql<number>`sum(${saleValueSql()})::int`,
    })
    .from(orders)
    .where(where)
    .groupBy(shopMonth);
  const allowances = await memberAllowances(
    db,
    department,
    members.map((m) => m.userId),
    now,
  );
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const totalCents = members.reduce((s, m) => s + m.cents, 0);
  return {
    department: { id: department.id, name: department.name },
    period,
    members: members.map((m) => {
      const a = allowances.get(m.userId);
      return {
        user_id: m.userId,
        email: m.email,
        name: personName(m.first, m.last),
        orders: m.orders,
        spend: toDollars(m.cents),
        allowance: dollarsOrNull(a?.amountCents),
        allowance_used: dollarsOrNull(a?.usedCents),
        allowance_remaining: dollarsOrNull(a?.remainingCents),
      };
    }),
    months: periodMonths(period).map((month) => ({
      month,
      orders: byMonth.get(month)?.orders ?? 0,
      spend: toDollars(byMonth.get(month)?.cents ?? 0),
    })),
    total: { orders: members.reduce((s, m) => s + m.orders, 0), spend: toDollars(totalCents) },
  };
}
