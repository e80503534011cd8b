import { sql, type SQL } from 'drizzle-orm';
import { CUSTOMIZATION_LABELS, CUSTOMIZATION_TYPES } from '../../shared/cart-basics';
import { SALE_STATUSES } from '../../shared/order-statuses';
import { SHOP_TIME_ZONE, shopDayStart } from '../../shared/time';
import { saleValueSql } from '../accounts';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';

// Every report is one aggregate query over the orders placed in the range: the database sums, never JS over loaded
// orders, so a report over 100,000 orders answers in well under a second (scripts/bench, `reports` case).

/** Sums come back as bigint (a string from pg, a BigInt from PGlite): a number is exact up to 2^53 cents. */
type Num = string | number | bigint | null;
const n = (v: Num) => (v === null ? 0 : Number(v));

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The orders that count as sales, placed between two shop days, both inclusive. */
function soldIn(from: string, to: string): SQL {
  const statuses = sql.join(
    SALE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`o.created_at >= ${shopDayStart(from).toISOString()}::timestamptz
    and o.created_at < ${shopDayStart(dayAfter(to)).toISOString()}::timestamptz
    and o.status in (${statuses})`;
}

/** The report queries read orders as "o". */
const ORDER_O = { id: sql.raw('o.id'), totalCents: sql.raw('o.total_cents') };

const local = sql.raw(`(o.created_at at time zone '${SHOP_TIME_ZONE}')`);
const BUCKETS = {
  day: sql`to_char(${local}, 'YYYY-MM-DD')`,
  week: sql`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`,
  month: sql`to_char(${local}, 'YYYY-MM')`,
  department: sql`coalesce(o.department_id::text, '')`,
};
export type SalesGrouping = keyof typeof BUCKETS;

export type SalesSums = { key: string; orders: number; salesCents: number; creditsCents: number; refundsCents: number };

/**
 * Orders, sales, credits and refunds per group. An order's sale is accounts' sale value (its stored total plus what
 * its allowance holds); credits and refunds are its ledger rows of those kinds.
 */
export async function salesBy(db: Executor, grouping: SalesGrouping | null, from: string, to: string) {
  const key = grouping ? BUCKETS[grouping] : sql`''`;
  const rows = await selectRows<{ key: string; orders: Num; sales: Num; credits: Num; refunds: Num }>(
    db,
    sql`select ${key} as key,
        count(*) as orders,
        sum(${saleValueSql(ORDER_O)}) as sales,
        sum(coalesce(p.credits, 0)) as credits,
        sum(coalesce(p.refunds, 0)) as refunds
      from orders o
      left join (
        select order_id,
               sum(amount_cents) filter (where kind = 'credit') as credits,
               sum(amount_cents) filter (where kind = 'refund') as refunds
        from payments where kind <> 'payment' group by order_id
      ) p on p.order_id = o.id
      where ${soldIn(from, to)}
      group by 1 order by 1`,
  );
  return rows.map((r): SalesSums => ({
    key: r.key,
    orders: n(r.orders),
    salesCents: n(r.sales),
    creditsCents: n(r.credits),
    refundsCents: n(r.refunds),
  }));
}

export type UnitSums = { key: string; label: string; units: number; amountCents: number };

/** Units and merchandise (line totals as stored) per product name as the lines hold it. */
export async function productSales(db: Executor, from: string, to: string): Promise<UnitSums[]> {
  const rows = await selectRows<{ label: string; units: Num; amount: Num }>(
    db,
    sql`select l.product_name as label, sum(l.quantity) as units,
        sum(l.total_cents) as amount
      from order_lines l join orders o on o.id = l.order_id
      where ${soldIn(from, to)}
      group by l.product_name order by amount desc, label`,
  );
  return rows.map((r) => ({
    key: r.label,
    label: r.label,
    units: n(r.units),
    amountCents: n(r.amount),
  }));
}

const NO_DECORATION = 'none';

/**
 * Garments and decoration sales per kind of decoration: each line keeps every decoration with what it cost per unit
 * when it was priced (kinds have their own prices and admins add kinds, docs/product.md#pricing), so the sums are
 * what customers paid, to the cent, with no re-pricing at today's kinds. SPEC's three kinds are always listed, then
 * every other kind sold in the range under the label its lines kept; plain garments are a row of their own at $0.00.
 */
export async function decorationSales(db: Executor, from: string, to: string): Promise<UnitSums[]> {
  const rows = await selectRows<{ key: string; label: string; units: Num; cents: Num }>(
    db,
    sql`with sold as (
        select l.quantity, l.decorations from order_lines l join orders o on o.id = l.order_id
        where ${soldIn(from, to)}
      )
      select d->>'kind' as key, max(d->>'label') as label, sum(s.quantity) as units,
        sum(s.quantity * (d->>'unit_cents')::int) as cents
      from sold s cross join lateral jsonb_array_elements(s.decorations) d
      group by 1
      union all
      select ${NO_DECORATION}, 'No decoration', sum(quantity) filter (where jsonb_array_length(decorations) = 0), 0
      from sold`,
  );
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const sum = (key: string, label: string): UnitSums => ({
    key,
    label,
    units: n(byKey.get(key)?.units ?? null),
    amountCents: n(byKey.get(key)?.cents ?? null),
  });
  const added = rows
    .filter((r) => r.key !== NO_DECORATION && !(CUSTOMIZATION_TYPES as readonly string[]).includes(r.key))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return [
    ...CUSTOMIZATION_TYPES.map((kind) => sum(kind, CUSTOMIZATION_LABELS[kind])),
    ...added.map((r) => sum(r.key, r.label)),
    { ...sum(NO_DECORATION, 'No decoration'), amountCents: 0 },
  ];
}

export type AllowanceSums = { departmentId: number; name: string; orders: number; cents: number };

/** What the allowance paid for the orders placed in the range, per department of the ledger (uses less returns). */
export async function allowanceSpend(db: Executor, from: string, to: string): Promise<AllowanceSums[]> {
  const rows = await selectRows<{ department_id: number; name: string; orders: Num; cents: Num }>(
    db,
    sql`select al.department_id, d.name, count(distinct al.order_id) as orders, sum(al.amount_cents) as cents
      from allowance_ledger al
      join orders o on o.id = al.order_id
      join departments d on d.id = al.department_id
      where ${soldIn(from, to)}
      group by al.department_id, d.name
      having sum(al.amount_cents) <> 0
      order by cents desc, d.name`,
  );
  return rows.map((r) => ({ departmentId: r.department_id, name: r.name, orders: n(r.orders), cents: n(r.cents) }));
}

/** Department names by id, for the department report's labels. */
export async function departmentNames(db: Executor): Promise<Map<string, string>> {
  const rows = await selectRows<{ id: number; name: string }>(db, sql`select id, name from departments`);
  return new Map(rows.map((r) => [String(r.id), r.name]));
}
