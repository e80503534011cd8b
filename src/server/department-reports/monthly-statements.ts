import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { LANGUAGE_LOCALES, type Language } from '../../shared/languages';
import { formatDateIn, formatMoneyIn } from '../../shared/locale-format';
import { toDollars } from '../../shared/money';
import { STATUS_LABELS } from '../../shared/orders';
import { shopDay, shopDayStart } from '../../shared/time';
import { SALE_STATUSES } from '../../shared/order-statuses';
import { saleValueCents } from '../accounts';
import { allowanceHeldSql } from '../allowances';
import type { Db, Executor } from '../db/client';
import { departments, departmentStatementMails, orders, users } from '../db/schema';
import { mailWords, sharedWords } from '../mail/i18n';
import { customerWords } from '../mail/layout';
import { renderMail } from '../mail/template';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { approverLanguages } from '../orders';
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

/** "November 2026" / "noviembre de 2026". */
export const monthName = (month: string, language: Language = 'en') =>
  new Date(`${month}-15T12:00:00Z`).toLocaleString(LANGUAGE_LOCALES[language], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

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
function amountText(o: StatementOrder, language: Language) {
  const money = (cents: number) => formatMoneyIn(language, toDollars(cents));
  return o.allowanceCents > 0
    ? mailWords(language)('statement.split', {
        sale: money(saleOf(o)),
        allowance: money(o.allowanceCents),
        total: money(o.totalCents),
      })
    : money(o.totalCents);
}

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

/**
 * One approver's statement of `month`; `soFar` when an admin sends the month before it ends. In the approver's
 * language (their own account's, else English: approverLanguages).
 */
export function statementMail(
  department: string,
  month: string,
  list: StatementOrder[],
  to: string,
  soFar = false,
  language: Language = 'en',
): OutgoingMail {
  const t = mailWords(language);
  const spent = list.filter((o) => SALE_STATUSES.includes(o.status));
  const spendCents = spent.reduce((s, o) => s + saleOf(o), 0);
  const facts = { department, month: monthName(month, language) };
  const title = t(soFar ? 'statement.titleSoFar' : 'statement.title', facts);
  const summary = list.length
    ? t('statement.summary', {
        ...facts,
        count: list.length,
        amount: formatMoneyIn(language, toDollars(spendCents)),
      })
    : t('statement.none', facts);
  const status = (o: StatementOrder) => sharedWords(language)(STATUS_LABELS[o.status]);
  const lines = list.map(
    (o) =>
      `${o.orderNumber} · ${formatDateIn(language, o.createdAt)} · ${memberName(o)} · ${status(o)} · ${amountText(o, language)}`,
  );
  return {
    to,
    subject: title,
    kind: 'department_statement',
    ...renderMail({
      title,
      language,
      blocks: [
        { kind: 'lines', lines: [summary] },
        ...(lines.length ? [{ kind: 'list' as const, lines }] : []),
        { kind: 'note', text: t('statement.why') },
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
      const languages = await approverLanguages(tx, d.approverEmails);
      await enqueueMail(
        tx,
        d.approverEmails.map((a) => statementMail(d.name, month, list, a, false, languages.get(a))),
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
