import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/orders';
import { REPORT_KINDS, type Report, type ReportRow } from '../../shared/reports';
import { shopDay } from '../../shared/time';
import type { CustomizationCosts } from '../../shared/cart';
import { allowanceLedger, departments, orders, payments, products } from '../db/schema';
import { insertLines } from '../orders/place-order';
import { decorationPrices, priceProductLine } from '../pricing';
import { setKindPrices } from '../test/decorations';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const customer = await signedIn(app, 'other');

const [fire, water] = await db
  .insert(departments)
  .values([{ name: 'Report Fire' }, { name: 'Report Water' }])
  .returning({ id: departments.id, name: departments.name });
const catalogue = await db.select({ id: products.id }).from(products).limit(3);

// Random orders over three months of 2024, placed at any minute of the day so the shop's midnight (07:00 UTC) is
// crossed often, with lines, decorations, allowance uses and returns, payments, refunds and credits.
const WINDOW_START = Date.parse('2024-01-20T00:00:00Z');
const WINDOW_MS = 90 * 86_400_000;
const KINDS = ['add_name', 'us_flag', 'az_flag'] as const;
// Each kind at its own price, and staff change the prices between orders: a line keeps what it was charged.
const FIRST_PRICES: CustomizationCosts = { add_name: 800, us_flag: 500, az_flag: 650 };
const pricesArb = fc.record({
  add_name: fc.integer({ min: 0, max: 2_500 }),
  us_flag: fc.integer({ min: 0, max: 2_500 }),
  az_flag: fc.integer({ min: 0, max: 2_500 }),
});
const lineArb = fc.record({
  product: fc.integer({ min: 0, max: catalogue.length - 1 }),
  quantity: fc.integer({ min: 1, max: 9 }),
  unitBaseCents: fc.integer({ min: 500, max: 9_000 }),
  decorations: fc.subarray([...KINDS]),
});
const orderArb = fc.record({
  at: fc.integer({ min: 0, max: WINDOW_MS - 1 }),
  status: fc.constantFrom(...ORDER_STATUSES),
  department: fc.constantFrom(null, 0, 1),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
  /** New decoration prices set before this order is placed (null: unchanged). */
  reprice: fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: pricesArb, weight: 1 }),
  taxCents: fc.integer({ min: 0, max: 2_000 }),
  shippingCents: fc.constantFrom(0, 800),
  allowance: fc.array(fc.integer({ min: -3_000, max: 6_000 }), { maxLength: 2 }),
  ledger: fc.array(
    fc.record({ kind: fc.constantFrom('payment', 'refund', 'credit'), cents: fc.integer({ min: 1, max: 20_000 }) }),
    { maxLength: 3 },
  ),
});
type GenOrder = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

const SOLD: OrderStatus[] = ['pending', 'in_production', 'ready_for_pickup', 'shipped', 'completed'];
const cents = (dollars: number) => Math.round(dollars * 100);

/** The decoration prices in force when each order was placed, in the list's order (independent of the settings row). */
function pricesInForce(list: GenOrder[]): CustomizationCosts[] {
  let now = FIRST_PRICES;
  return list.map((g) => (now = g.reprice ?? now));
}
const unitDecorations = (l: GenOrder['lines'][number], prices: CustomizationCosts) =>
  l.decorations.reduce((s, kind) => s + (prices[kind] ?? 0), 0);
const lineTotal = (l: GenOrder['lines'][number], prices: CustomizationCosts) =>
  l.quantity * (l.unitBaseCents + unitDecorations(l, prices));

async function setPrices(p: CustomizationCosts) {
  await setKindPrices(db, p);
}

/** Lines priced by pricing at the settings row of the moment and written as orders write them. */
async function placeLines(orderId: number, g: GenOrder) {
  const costs = await decorationPrices(db);
  const lines = g.lines.map((l) => {
    const customizations = l.decorations.map((type) => ({ type, position: 'left_side' as const, text: null }));
    const product = { basePriceCents: l.unitBaseCents, sizes: [{ label: 'M', upcharge_cents: 0 }] };
    const { sizeOffered: _offered, ...priced } = priceProductLine(
      product,
      { size: 'M', quantity: l.quantity, customizations },
      costs,
    );
    return {
      productId: catalogue[l.product]!.id,
      productName: `Product ${l.product}`,
      productSlug: `product-${l.product}`,
      imageBase: 'x',
      isMultiImage: false,
      productActive: true,
      unitCentsAtAdd: null,
      size: 'M',
      customizations,
      ...priced,
    };
  });
  return db.transaction((tx) => insertLines(tx, orderId, lines));
}

let serial = 0;
async function store(list: GenOrder[]) {
  await db.execute(sql`delete from orders`);
  await setPrices(FIRST_PRICES);
  const prices = pricesInForce(list);
  for (const [index, g] of list.entries()) {
    if (g.reprice) await setPrices(g.reprice);
    const subtotal = g.lines.reduce((s, l) => s + lineTotal(l, prices[index]!), 0);
    const allowanceCents = g.allowance.reduce((s, c) => s + c, 0);
    const departmentId = g.department === null ? null : [fire, water][g.department]!.id;
    const [o] = await db
      .insert(orders)
      .values({
        orderNumber: `RPT-${++serial}`,
        userId: customer.id,
        placedBy: customer.id,
        status: g.status,
        fulfillment: g.shippingCents ? 'shipping' : 'pickup',
        subtotalCents: subtotal,
        taxCents: g.taxCents,
        taxRatePpm: 78_000,
        shippingCents: g.shippingCents,
        totalCents: subtotal + g.taxCents + g.shippingCents - Math.max(0, allowanceCents),
        departmentId,
        createdAt: new Date(WINDOW_START + g.at),
      })
      .returning({ id: orders.id });
    const stored = await placeLines(o!.id, g);
    expect(stored.reduce((t, l) => t + l.totalCents, 0)).toBe(subtotal);
    if (departmentId !== null && g.allowance.length) {
      await db.insert(allowanceLedger).values(
        g.allowance.map((amountCents) => ({
          userId: customer.id,
          departmentId,
          orderId: o!.id,
          amountCents,
          periodStart: '2024-01-01',
          reason: 'test',
        })),
      );
    }
    if (g.ledger.length) {
      await db
        .insert(payments)
        .values(
          g.ledger.map((p) => ({ orderId: o!.id, kind: p.kind, method: 'other' as const, amountCents: p.cents })),
        );
    }
  }
}

/** The expected figures, order by order in JS: the day from Intl in the shop's zone, not from SQL. */
function expected(list: GenOrder[], from: string, to: string) {
  const prices = pricesInForce(list);
  const sold = list
    .map((g, i) => ({ g, prices: prices[i]!, day: shopDay(new Date(WINDOW_START + g.at)) }))
    .filter(({ g, day }) => SOLD.includes(g.status) && day >= from && day <= to);
  const byKey = new Map<string, { orders: number; sales: number; credits: number; refunds: number }>();
  const add = (key: string, g: GenOrder, prices: CustomizationCosts) => {
    const e = byKey.get(key) ?? { orders: 0, sales: 0, credits: 0, refunds: 0 };
    const lineSum = g.lines.reduce((s, l) => s + lineTotal(l, prices), 0);
    const allowance = g.department === null ? 0 : g.allowance.reduce((s, c) => s + c, 0);
    // The stored total took off the allowance; the sale puts back what the ledger holds.
    e.sales +=
      lineSum +
      g.taxCents +
      g.shippingCents -
      Math.max(
        0,
        g.allowance.reduce((s, c) => s + c, 0),
      ) +
      allowance;
    e.orders += 1;
    for (const p of g.ledger) {
      if (p.kind === 'credit') e.credits += p.cents;
      if (p.kind === 'refund') e.refunds += p.cents;
    }
    byKey.set(key, e);
  };
  for (const { g, prices, day } of sold) {
    add(`day:${day}`, g, prices);
    add(`month:${day.slice(0, 7)}`, g, prices);
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    add(`week:${d.toISOString().slice(0, 10)}`, g, prices);
    add(`department:${g.department === null ? 'No department' : [fire, water][g.department]!.name}`, g, prices);
    add('total', g, prices);
  }
  const products = new Map<string, { units: number; cents: number }>();
  const decorations = new Map<string, { units: number; cents: number }>();
  const allowances = new Map<string, { cents: number; orders: number }>();
  sold.forEach(({ g, prices }) => {
    for (const l of g.lines) {
      const p = products.get(`Product ${l.product}`) ?? { units: 0, cents: 0 };
      p.units += l.quantity;
      p.cents += lineTotal(l, prices);
      products.set(`Product ${l.product}`, p);
      // Each decoration at its own kind's price as it stood when the order was placed.
      for (const kind of l.decorations.length ? l.decorations : (['none'] as const)) {
        const d = decorations.get(kind) ?? { units: 0, cents: 0 };
        d.units += l.quantity;
        d.cents += kind === 'none' ? 0 : l.quantity * (prices[kind] ?? 0);
        decorations.set(kind, d);
      }
    }
    const used = g.allowance.reduce((s, c) => s + c, 0);
    if (g.department !== null && g.allowance.length) {
      const name = [fire, water][g.department]!.name;
      const a = allowances.get(name) ?? { cents: 0, orders: 0 };
      a.cents += used;
      a.orders += 1;
      allowances.set(name, a);
    }
  });
  return { byKey, products, decorations, allowances };
}

async function report(kind: string, from: string, to: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/reports/${kind}?from=${from}&to=${to}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report as Report;
}

const salesOf = (r: ReportRow) => ({
  orders: r.orders,
  sales: cents(r.amount),
  credits: cents(r.credits ?? NaN),
  refunds: cents(r.refunds ?? NaN),
});
const ZERO = { orders: 0, sales: 0, credits: 0, refunds: 0 };

describe('reports agree with the orders', () => {
  it('for random orders, every report matches sums computed order by order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArb, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 40 }),
        async (list, startOffset, length) => {
          await store(list);
          const from = shopDay(new Date(WINDOW_START + startOffset * 86_400_000));
          const to = shopDay(new Date(WINDOW_START + (startOffset + length) * 86_400_000));
          const want = expected(list, from, to);

          for (const kind of ['day', 'week', 'month'] as const) {
            const r = await report(kind, from, to);
            for (const row of r.rows) {
              expect(salesOf(row)).toEqual(want.byKey.get(`${kind}:${row.key}`) ?? ZERO);
              expect(cents(row.net ?? NaN)).toBe(cents(row.amount) - cents(row.credits ?? NaN));
            }
            expect(salesOf(r.total)).toEqual(want.byKey.get('total') ?? ZERO);
          }
          const dept = await report('department', from, to);
          for (const row of dept.rows) expect(salesOf(row)).toEqual(want.byKey.get(`department:${row.label}`));
          expect(salesOf(dept.total)).toEqual(want.byKey.get('total') ?? ZERO);
          const total = want.byKey.get('total');
          if (total) expect(cents(dept.total.average ?? NaN)).toBe(Math.round(total.sales / total.orders));

          const prod = await report('product', from, to);
          expect(prod.rows.map((r) => [r.label, r.units, cents(r.amount)])).toEqual(
            [...want.products]
              .map(([label, p]) => [label, p.units, p.cents])
              .sort((a, b) => (b[2] as number) - (a[2] as number) || String(a[0]).localeCompare(String(b[0]))),
          );
          const productUnits = [...want.products.values()].reduce((s, p) => s + p.units, 0);
          const merchandise = [...want.products.values()].reduce((s, p) => s + p.cents, 0);
          expect([prod.total.units, cents(prod.total.amount)]).toEqual([productUnits, merchandise]);

          const deco = await report('decoration', from, to);
          expect(deco.rows.map((r) => r.key)).toEqual(['add_name', 'us_flag', 'az_flag', 'none']);
          for (const row of deco.rows) {
            const d = want.decorations.get(row.key);
            expect([row.units, cents(row.amount)]).toEqual([d?.units ?? 0, d?.cents ?? 0]);
          }

          const allowance = await report('allowance', from, to);
          const wantAllowance = [...want.allowances].filter(([, a]) => a.cents !== 0);
          expect(Object.fromEntries(allowance.rows.map((r) => [r.label, [cents(r.amount), r.orders]]))).toEqual(
            Object.fromEntries(wantAllowance.map(([name, a]) => [name, [a.cents, a.orders]])),
          );
        },
      ),
      { numRuns: 8, seed: 3201 },
    );
  });

  it('fills days without orders with zeros and exports the same figures as CSV', async () => {
    await store([]);
    const r = await report('day', '2024-02-27', '2024-03-02');
    expect(r.rows.map((x) => x.key)).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    const csv = await app.inject({
      method: 'GET',
      url: '/api/v1/reports/month/export.csv?from=2024-01-01&to=2024-03-31',
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('report-month-2024-01-01-to-2024-03-31.csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Sales by month,2024-01-01 to 2024-03-31');
    expect(lines[1]).toBe('Month,Orders,Sales,Credits,Net sales,Refunded,Average order');
    expect(lines[2]).toBe('2024-01,0,0.00,0.00,0.00,0.00,0.00');
    expect(lines[5]).toBe('Total,0,0.00,0.00,0.00,0.00,0.00');
  });
});

describe('report input and access', () => {
  const get = (url: string, headers: Record<string, string> = admin.headers) =>
    app.inject({ method: 'GET', url: `/api/v1/reports/${url}`, headers });

  it('refuses an inverted range, one over 5 years, a missing or bad date and an unknown report with 400', async () => {
    const cases: [string, string, string][] = [
      ['day?from=2024-03-02&to=2024-03-01', 'to', 'The start date must be on or before the end date'],
      ['month?from=2019-01-01&to=2024-01-01', 'to', 'A report covers at most 5 years'],
      ['month/export.csv?from=2019-01-01&to=2024-12-31', 'to', 'A report covers at most 5 years'],
      ['day?to=2024-03-01', 'from', 'Choose a start and an end date'],
      ['day?from=2024-02-30&to=2024-03-01', 'from', 'Dates are written YYYY-MM-DD'],
      ['weekly?from=2024-03-01&to=2024-03-02', 'kind', `Choose one of the reports: ${REPORT_KINDS.join(', ')}`],
    ];
    for (const [url, field, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
      expect(res.json().errors).toContainEqual({ field, message });
    }
    // Exactly five years is allowed.
    expect((await get('month?from=2019-01-02&to=2024-01-01')).statusCode).toBe(200);
  });

  it('refuses days outside 2000-2100 and compares real days for the 5 years (security round 4, finding 2)', async () => {
    const OUT = 'Dates must be between 2000-01-01 and 2100-12-31';
    const cases: [string, string, string][] = [
      // Year 1 plus five was "6-01-01", which every day of year 500 sorted before: 182,000 rows on the event loop.
      ['day?from=0001-01-01&to=0500-12-31', 'from', OUT],
      ['day/export.csv?from=0001-01-01&to=0500-12-31', 'from', OUT],
      ['day?from=2026-01-01&to=9999-12-31', 'to', OUT],
      ['week?from=1999-12-31&to=2000-01-02', 'from', OUT],
      ['month?from=2024-02-29&to=2029-03-01', 'to', 'A report covers at most 5 years'],
    ];
    for (const [url, field, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect((await get('month?from=2024-02-29&to=2029-02-28')).statusCode).toBe(200);
    const last = await get('day?from=2096-01-01&to=2100-12-31');
    expect(last.statusCode).toBe(200);
    expect(last.json().report.rows).toHaveLength(1826);
  });

  it('is for admins only', async () => {
    const employee = await signedIn(app, 'employee');
    for (const url of ['day?from=2024-01-01&to=2024-01-31', 'day/export.csv?from=2024-01-01&to=2024-01-31']) {
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(url, customer.headers)).statusCode).toBe(403);
      expect((await get(url, employee.headers)).statusCode).toBe(403);
    }
  });
});
