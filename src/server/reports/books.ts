import { and, eq, sql } from 'drizzle-orm';
import {
  AGE_BUCKETS,
  ageBucket,
  BOOK_TITLES,
  CREDIT_ROW,
  CREDIT_ROW_LABEL,
  type AgeingOrder,
  type AgeingReport,
  type BucketSums,
  type MoneyReport,
  type MoneyRow,
  type TaxReport,
  type TaxRow,
} from '../../shared/books';
import { toDollars } from '../../shared/money';
import { SALE_STATUSES, NOT_BILLED_STATUSES } from '../../shared/order-statuses';
import { LEDGER_METHOD_LABELS, LEDGER_METHODS, type LedgerMethod } from '../../shared/payments';
import type { ReportQuery } from '../../shared/reports';
import { SHOP_TIME_ZONE, shopDay, shopDayStart } from '../../shared/time';
import { accountOf, chargedGoodsSql, hasBalance, sumColumnsOf } from '../accounts';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { departments, orders, users } from '../db/schema';
import { customerName } from '../orders';
import { buckets } from './build';

// The books: money on the day it moved (the ledger's own dates, whatever became of the order), sales tax per month
// of placement, and open balances by age. The database sums; what an order owes is accounts' accountOf, never a
// formula of this file.

type Num = string | number | bigint | null;
const n = (v: Num) => (v === null ? 0 : Number(v));
const DAY_MS = 86_400_000;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Between two shop days, both inclusive, on a timestamptz column. */
const withinDays = (column: string, from: string, to: string) =>
  sql`${sql.raw(column)} >= ${shopDayStart(from).toISOString()}::timestamptz
    and ${sql.raw(column)} < ${shopDayStart(dayAfter(to)).toISOString()}::timestamptz`;

const localDay = (column: string) => sql.raw(`to_char(${column} at time zone '${SHOP_TIME_ZONE}', 'YYYY-MM-DD')`);

const METHOD_ORDER = [...LEDGER_METHODS, CREDIT_ROW];
const methodLabel = (m: string) => (m === CREDIT_ROW ? CREDIT_ROW_LABEL : LEDGER_METHOD_LABELS[m as LedgerMethod]);

type MoneyCents = { entries: number; payments: number; refunds: number; credits: number };
const moneyRow = (day: string, method: string, c: MoneyCents): MoneyRow => ({
  day,
  method,
  method_label: methodLabel(method),
  entries: c.entries,
  payments: toDollars(c.payments),
  refunds: toDollars(c.refunds),
  net: toDollars(c.payments - c.refunds),
  credits: toDollars(c.credits),
});
const addMoney = (a: MoneyCents, b: MoneyCents): MoneyCents => ({
  entries: a.entries + b.entries,
  payments: a.payments + b.payments,
  refunds: a.refunds + b.refunds,
  credits: a.credits + b.credits,
});
const NO_MONEY: MoneyCents = { entries: 0, payments: 0, refunds: 0, credits: 0 };

/**
 * The cash-up: every ledger entry dated in the range, by the shop day it was recorded and the way the money moved.
 * A refund counts on its own day whatever the order is now (a cancelled order's refund too); credits move no money
 * and are their own row.
 */
export async function moneyReport(db: Executor, { from, to }: ReportQuery): Promise<MoneyReport> {
  const rows = await selectRows<{
    day: string;
    method: string;
    entries: Num;
    payments: Num;
    refunds: Num;
    credits: Num;
  }>(
    db,
    sql`select ${localDay('p.created_at')} as day,
        case when p.kind = 'credit' then ${CREDIT_ROW} else p.method end as method,
        count(*) as entries,
        sum(p.amount_cents) filter (where p.kind = 'payment') as payments,
        sum(p.amount_cents) filter (where p.kind = 'refund') as refunds,
        sum(p.amount_cents) filter (where p.kind = 'credit') as credits
      from payments p
      where ${withinDays('p.created_at', from, to)}
      group by 1, 2`,
  );
  const cents = rows
    .map((r) => ({
      day: r.day,
      method: r.method,
      sums: { entries: n(r.entries), payments: n(r.payments), refunds: n(r.refunds), credits: n(r.credits) },
    }))
    .sort((a, b) => a.day.localeCompare(b.day) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
  const perMethod = new Map<string, MoneyCents>();
  for (const r of cents) perMethod.set(r.method, addMoney(perMethod.get(r.method) ?? NO_MONEY, r.sums));
  const total = cents.reduce((t, r) => addMoney(t, r.sums), NO_MONEY);
  const { day: _d, method: _m, method_label: _l, ...totalRow } = moneyRow('', '', total);
  return {
    kind: 'money',
    title: BOOK_TITLES.money,
    from,
    to,
    rows: cents.map((r) => moneyRow(r.day, r.method, r.sums)),
    methods: METHOD_ORDER.filter((m) => perMethod.has(m)).map((m) => {
      const { day: _day, ...row } = moneyRow('', m, perMethod.get(m)!);
      return row;
    }),
    total: totalRow,
  };
}

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

type TaxCents = { orders: number; sales: number; taxable: number; exempt: number; tax: number; shipping: number };
const NO_TAX: TaxCents = { orders: 0, sales: 0, taxable: 0, exempt: 0, tax: 0, shipping: 0 };
const taxRow = (key: string, label: string, c: TaxCents): TaxRow => ({
  key,
  label,
  orders: c.orders,
  sales: toDollars(c.sales),
  taxable: toDollars(c.taxable),
  exempt: toDollars(c.exempt),
  tax: toDollars(c.tax),
  shipping: toDollars(c.shipping),
});

const monthName = (m: string) =>
  new Date(`${m}-15T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Sales tax per month of placement over the orders the shop accepted (the sales reports' orders): goods charged
 * (accounts' chargedGoods), split by whether the order was tax exempt, the tax charged, and shipping (untaxed).
 */
export async function taxReport(db: Executor, { from, to }: ReportQuery): Promise<TaxReport> {
  const goods = chargedGoodsSql('o');
  const placed = sql`${withinDays('o.created_at', from, to)} and o.status in (${inList(SALE_STATUSES)})`;
  const rows = await selectRows<{
    key: string;
    orders: Num;
    sales: Num;
    taxable: Num;
    exempt: Num;
    tax: Num;
    shipping: Num;
  }>(
    db,
    sql`select ${sql.raw(`to_char(o.created_at at time zone '${SHOP_TIME_ZONE}', 'YYYY-MM')`)} as key,
        count(*) as orders,
        sum(${goods}) as sales,
        sum(${goods}) filter (where o.tax_exempt_reason is null) as taxable,
        sum(${goods}) filter (where o.tax_exempt_reason is not null) as exempt,
        sum(o.tax_cents) as tax,
        sum(o.shipping_cents) as shipping
      from orders o where ${placed}
      group by 1`,
  );
  const exemptRows = await selectRows<{ department_id: number; name: string; orders: Num; exempt: Num }>(
    db,
    sql`select d.id as department_id, d.name, count(*) as orders, sum(${goods}) as exempt
      from orders o join departments d on d.id = o.department_id
      where ${placed} and o.tax_exempt_reason is not null
      group by d.id, d.name order by d.name`,
  );
  const byKey = new Map(
    rows.map((r) => [
      r.key,
      {
        orders: n(r.orders),
        sales: n(r.sales),
        taxable: n(r.taxable),
        exempt: n(r.exempt),
        tax: n(r.tax),
        shipping: n(r.shipping),
      },
    ]),
  );
  const months = buckets('month', from, to);
  const total = months.reduce((t, m) => {
    const c = byKey.get(m) ?? NO_TAX;
    return {
      orders: t.orders + c.orders,
      sales: t.sales + c.sales,
      taxable: t.taxable + c.taxable,
      exempt: t.exempt + c.exempt,
      tax: t.tax + c.tax,
      shipping: t.shipping + c.shipping,
    };
  }, NO_TAX);
  return {
    kind: 'tax',
    title: BOOK_TITLES.tax,
    from,
    to,
    rows: months.map((m) => taxRow(m, monthName(m), byKey.get(m) ?? NO_TAX)),
    exempt_departments: exemptRows.map((r) => ({
      department_id: r.department_id,
      name: r.name,
      orders: n(r.orders),
      exempt: toDollars(n(r.exempt)),
    })),
    total: taxRow('total', 'Total', total),
  };
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

type BucketCents = Record<(typeof AGE_BUCKETS)[number] | 'total', number>;
const noBuckets = (): BucketCents => ({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 0, total: 0 });
const inDollars = (b: BucketCents): BucketSums => ({
  current: toDollars(b.current),
  days_1_30: toDollars(b.days_1_30),
  days_31_60: toDollars(b.days_31_60),
  days_61_90: toDollars(b.days_61_90),
  over_90: toDollars(b.over_90),
  total: toDollars(b.total),
});

/**
 * Open balances today: every billed order with a balance (accounts' hasBalance to find them, accountOf for the
 * amount), aged by the days past its due date (not yet due is current), per customer and per department.
 */
export async function ageingReport(db: Executor, now: Date): Promise<AgeingReport> {
  const asOf = shopDay(now);
  const open = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      dueDate: orders.dueDate,
      userId: orders.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      departmentId: orders.departmentId,
      department: departments.name,
      ...sumColumnsOf(),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(departments, eq(departments.id, orders.departmentId))
    .where(and(sql`${orders.status} not in (${inList(NOT_BILLED_STATUSES)})`, hasBalance()))
    .orderBy(orders.dueDate, orders.id);
  const list: (AgeingOrder & { cents: number })[] = open.map((o) => {
    const cents = accountOf(o, o).balanceCents;
    const days = daysBetween(o.dueDate, asOf);
    return {
      id: o.id,
      order_number: o.orderNumber,
      customer_id: o.userId,
      customer: customerName({ email: o.email, first_name: o.firstName, last_name: o.lastName }),
      email: o.email,
      department_id: o.departmentId,
      department: o.department,
      placed: shopDay(o.createdAt),
      due_date: o.dueDate,
      days_past_due: Math.max(0, days),
      bucket: ageBucket(days),
      balance: toDollars(cents),
      cents,
    };
  });
  const add = (b: BucketCents, o: (typeof list)[number]) => {
    b[o.bucket] += o.cents;
    b.total += o.cents;
  };
  const total = noBuckets();
  const customers = new Map<number, { o: (typeof list)[number]; b: BucketCents; orders: number }>();
  const depts = new Map<number | null, { name: string; b: BucketCents; orders: number }>();
  for (const o of list) {
    add(total, o);
    const c = customers.get(o.customer_id) ?? { o, b: noBuckets(), orders: 0 };
    add(c.b, o);
    c.orders++;
    customers.set(o.customer_id, c);
    const d = depts.get(o.department_id) ?? { name: o.department ?? 'No department', b: noBuckets(), orders: 0 };
    add(d.b, o);
    d.orders++;
    depts.set(o.department_id, d);
  }
  const byTotal = <T extends { b: BucketCents }>(a: T, b: T) => b.b.total - a.b.total;
  return {
    kind: 'ageing',
    title: BOOK_TITLES.ageing,
    as_of: asOf,
    orders: list.map(({ cents: _c, ...o }) => o),
    customers: [...customers.values()].sort(byTotal).map((c) => ({
      customer_id: c.o.customer_id,
      customer: c.o.customer,
      email: c.o.email,
      orders: c.orders,
      ...inDollars(c.b),
    })),
    departments: [...depts.entries()]
      .sort((a, b) => byTotal(a[1], b[1]))
      .map(([id, d]) => ({ department_id: id, department: d.name, orders: d.orders, ...inDollars(d.b) })),
    total: inDollars(total),
  };
}
