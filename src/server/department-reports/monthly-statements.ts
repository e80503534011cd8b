import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { formatUsd, toDollars } from '../../shared/money';
import { STATUS_LABELS } from '../../shared/orders';
import { formatShopDate, shopDay, shopDayStart } from '../../shared/time';
import { SALE_STATUSES } from '../../shared/order-statuses';
import { saleValueCents } from '../accounts';
import { allowanceHeldSql } from '../allowances';
import type { Db, Executor } from '../db/client';
import { departments, departmentStatementMails, orders, users } from '../db/schema';
import { customerWords } from '../mail/layout';
import { renderMail } from '../mail/template';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { plural } from '../../shared/plural';
import { personName } from '../../shared/person-name';

/** The month a statement sent at `now` covers: the shop's previous calendar month, "2026-03". */
export function statementMonth(now: Date): string {
  const [y, m] = shopDay(now).split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

export const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

type StatementOrder = {
  orderNumber: string;
  createdAt: Date;
  status: (typeof orders.$inferSelect)['status'];
  totalCents: number;
  /** What the order holds of the member's allowance now (ledger uses less returns); the member pays the total. */
  allowanceCents: number;
  email: string;
  first: string | null;
  last: string | null;
};

/** The order's sale value (accounts'): what the member pays plus what the allowance holds. */
const saleOf = (o: StatementOrder) =>
  saleValueCents({ totalCents: o.totalCents, allowanceHeldCents: o.allowanceCents });

/** The order's amount; with an allowance, how it splits between the allowance and the member. */
const amountText = (o: StatementOrder) =>
  o.allowanceCents > 0
    ? `${formatUsd(toDollars(saleOf(o)))} (allowance ${formatUsd(toDollars(o.allowanceCents))}, member pays ${formatUsd(toDollars(o.totalCents))})`
    : formatUsd(toDollars(o.totalCents));

/** The department's orders placed in a shop month, oldest first, whatever their status. */
export function statementOrders(db: Executor, departmentId: number, month: string): Promise<StatementOrder[]> {
  return db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      totalCents: orders.totalCents,
      allowanceCents: allowanceHeldSql(),
      email: users.email,
      first: users.firstName,
      last: users.lastName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.departmentId, departmentId),
        gte(orders.createdAt, shopDayStart(`${month}-01`)),
        lt(orders.createdAt, shopDayStart(`${nextMonth(month)}-01`)),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** The member as they typed their name, quoted and disarmed (security round 4, finding 3); the address when none. */
const memberName = (o: StatementOrder) => {
  const name = personName(o.first, o.last);
  return name ? customerWords(name) : o.email;
};

/** One approver's statement of `month`; `soFar` when an admin sends the month before it ends. */
export function statementMail(
  department: string,
  month: string,
  list: StatementOrder[],
  to: string,
  soFar = false,
): OutgoingMail {
  const spent = list.filter((o) => SALE_STATUSES.includes(o.status));
  const spendCents = spent.reduce((s, o) => s + saleOf(o), 0);
  const title = `${department}: orders in ${monthName(month)}${soFar ? ' so far' : ''}`;
  const summary = list.length
    ? `${plural(list.length, 'order was', 'orders were')} placed by members of ${department} in ${monthName(month)}. Spend (approved orders): ${formatUsd(toDollars(spendCents))}.`
    : `No orders were placed by members of ${department} in ${monthName(month)}.`;
  const lines = list.map(
    (o) =>
      `${o.orderNumber} · ${formatShopDate(o.createdAt)} · ${memberName(o)} · ${STATUS_LABELS[o.status]} · ${amountText(o)}`,
  );
  const why = 'You get this monthly statement as an approver of the department; the shop can turn it off.';
  return {
    to,
    subject: title,
    kind: 'department_statement',
    ...renderMail({
      title,
      blocks: [
        { kind: 'lines', lines: [summary] },
        ...(lines.length ? [{ kind: 'list' as const, lines }] : []),
        { kind: 'note', text: why },
      ],
    }),
  };
}

/**
 * Queues last month's statement for every opted-in department with approvers, once: the row per department and
 * month is claimed in the same transaction as the e-mails, so a second instance or a rerun after a restart finds
 * it taken and sends nothing. Returns the departments mailed now.
 */
export async function sendMonthlyStatements(db: Db, now = new Date()): Promise<number> {
  const month = statementMonth(now);
  const due = await db.select().from(departments).where(eq(departments.monthlyStatement, true));
  let sent = 0;
  for (const d of due) {
    if (d.approverEmails.length === 0) continue;
    const done = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(departmentStatementMails)
        .values({ departmentId: d.id, month })
        .onConflictDoNothing()
        .returning();
      if (!claimed) return false;
      const list = await statementOrders(tx, d.id, month);
      await enqueueMail(
        tx,
        d.approverEmails.map((a) => statementMail(d.name, month, list, a)),
      );
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

const HOUR_MS = 3600_000;

/** Runs the statements hourly (and shortly after start): only the first run of each month finds anything to send. */
export function startMonthlyStatements(opts: { db: Db; log: { error: (o: object, m: string) => void } }) {
  const run = () =>
    sendMonthlyStatements(opts.db).catch((err: unknown) => opts.log.error({ err }, 'monthly statements failed'));
  const first = setTimeout(run, 30_000);
  const timer = setInterval(run, HOUR_MS);
  first.unref();
  timer.unref();
  return { stop: () => (clearTimeout(first), clearInterval(timer)) };
}
