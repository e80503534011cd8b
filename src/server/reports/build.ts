import { toDollars } from '../../shared/money';
import {
  REPORT_MAX_YEARS,
  REPORT_TITLES,
  type Report,
  type ReportKind,
  type ReportQuery,
  type ReportRow,
} from '../../shared/reports';
import type { Executor } from '../db/client';
import {
  allowanceSpend,
  decorationSales,
  departmentNames,
  productSales,
  salesBy,
  type SalesSums,
  type UnitSums,
} from './queries';

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The most rows a report has: the days of its longest range. The schema refuses longer ranges; this bound holds
 * even for a caller that skips it, so no range can fill the event loop with rows (security round 4, finding 2).
 */
export const MAX_BUCKETS = REPORT_MAX_YEARS * 366;

/** Every bucket of the range, so a day, week or month without orders shows as zero rather than missing. */
export function buckets(kind: 'day' | 'week' | 'month', from: string, to: string): string[] {
  const out: string[] = [];
  if (kind === 'month') {
    for (let y = Number(from.slice(0, 4)), m = Number(from.slice(5, 7)); ; m === 12 ? (y++, (m = 1)) : m++) {
      const key = `${y}-${String(m).padStart(2, '0')}`;
      if (key > to.slice(0, 7) || out.length === MAX_BUCKETS) return out;
      out.push(key);
    }
  }
  // Weeks start on Monday, as PostgreSQL's date_trunc('week') has them.
  const start = kind === 'week' ? utc(from) - ((new Date(utc(from)).getUTCDay() + 6) % 7) * DAY_MS : utc(from);
  const step = kind === 'week' ? 7 * DAY_MS : DAY_MS;
  for (let t = start; t <= utc(to) && out.length < MAX_BUCKETS; t += step) out.push(dayOf(t));
  return out;
}

/** Sales divided by orders, half up to the cent. */
const averageCents = (salesCents: number, orders: number) => (orders ? Math.round(salesCents / orders) : 0);

const EMPTY: Omit<SalesSums, 'key'> = { orders: 0, salesCents: 0, creditsCents: 0, refundsCents: 0 };

function salesRow(key: string, label: string, s: Omit<SalesSums, 'key'>): ReportRow {
  return {
    key,
    label,
    orders: s.orders,
    units: null,
    amount: toDollars(s.salesCents),
    credits: toDollars(s.creditsCents),
    net: toDollars(s.salesCents - s.creditsCents),
    refunds: toDollars(s.refundsCents),
    average: toDollars(averageCents(s.salesCents, s.orders)),
  };
}

const row = (key: string, label: string, orders: number | null, units: number | null, cents: number): ReportRow => ({
  key,
  label,
  orders,
  units,
  amount: toDollars(cents),
  credits: null,
  net: null,
  refunds: null,
  average: null,
});

async function rowsAndTotal(db: Executor, kind: ReportKind, { from, to }: ReportQuery) {
  if (kind === 'product' || kind === 'decoration') {
    const sums: UnitSums[] =
      kind === 'product' ? await productSales(db, from, to) : await decorationSales(db, from, to);
    const cents = sums.reduce((s, r) => s + r.amountCents, 0);
    // Units add up for products; a garment with a name and a flag counts under both decorations, so no total there.
    const units = kind === 'product' ? sums.reduce((s, r) => s + r.units, 0) : null;
    return {
      rows: sums.map((r) => row(r.key, r.label, null, r.units, r.amountCents)),
      total: row('total', 'Total', null, units, cents),
    };
  }
  if (kind === 'allowance') {
    const sums = await allowanceSpend(db, from, to);
    const orders = sums.reduce((s, r) => s + r.orders, 0);
    const cents = sums.reduce((s, r) => s + r.cents, 0);
    return {
      rows: sums.map((r) => row(String(r.departmentId), r.name, r.orders, null, r.cents)),
      total: row('total', 'Total', orders, null, cents),
    };
  }
  const sums = await salesBy(db, kind, from, to);
  const total = sums.reduce(
    (t, s) => ({
      orders: t.orders + s.orders,
      salesCents: t.salesCents + s.salesCents,
      creditsCents: t.creditsCents + s.creditsCents,
      refundsCents: t.refundsCents + s.refundsCents,
    }),
    EMPTY,
  );
  if (kind === 'department') {
    const names = await departmentNames(db);
    const rows = sums
      .map((s) => salesRow(s.key || 'none', s.key ? (names.get(s.key) ?? 'Department') : 'No department', s))
      .sort((a, b) => b.amount - a.amount || a.label.localeCompare(b.label));
    return { rows, total: salesRow('total', 'Total', total) };
  }
  const byKey = new Map(sums.map((s) => [s.key, s]));
  const rows = buckets(kind, from, to).map((key) => salesRow(key, key, byKey.get(key) ?? EMPTY));
  return { rows, total: salesRow('total', 'Total', total) };
}

/** GET /reports/:kind: one report over shop days `from` to `to`, both inclusive. */
export async function buildReport(db: Executor, kind: ReportKind, range: ReportQuery): Promise<Report> {
  const { rows, total } = await rowsAndTotal(db, kind, range);
  return { kind, title: REPORT_TITLES[kind], from: range.from, to: range.to, rows, total };
}
