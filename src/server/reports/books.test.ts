import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageBucket, type AgeingReport, type MoneyReport, type TaxReport } from '../../shared/books';
import { NOT_BILLED_STATUSES, SALE_STATUSES } from '../../shared/order-statuses';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/orders';
import { LEDGER_METHODS } from '../../shared/payments';
import { shopDay } from '../../shared/time';
import { departments, orders, payments } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';

// The books against sums computed here, independently, from random ledgers written straight to the tables: orders
// placed at any minute over two months (the shop's midnight is 07:00 UTC), of every status, some tax exempt, and
// payments, refunds and credits on later days by every method. The cash-up, tax and ageing reports, their CSVs and
// the accounting export must agree with these sums to the cent.

const RUNS = Number(process.env.BOOKS_RUNS ?? 12);

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const buyers = [
  await signedIn(app, 'other', { firstName: 'Ana', lastName: 'Books' }),
  await signedIn(app, 'other', { firstName: 'Ben', lastName: 'Ledger' }),
];
const [taxed, exempt] = await db
  .insert(departments)
  .values([{ name: 'Books Taxed Fire' }, { name: 'Books Exempt County', taxExempt: true }])
  .returning({ id: departments.id, name: departments.name });

const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers: admin.headers });
const DAY_MS = 86_400_000;
const WINDOW_START = Date.parse('2025-03-01T07:00:00Z');
const dayOf = (ms: number) => shopDay(new Date(ms));
const today = shopDay(new Date());
const daysAgo = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
const cents = (dollars: number) => Math.round(dollars * 100);

const entryArb = fc.record({
  kind: fc.constantFrom('payment' as const, 'payment' as const, 'refund' as const, 'credit' as const),
  method: fc.constantFrom(...LEDGER_METHODS),
  cents: fc.integer({ min: 1, max: 30_000 }),
  /** Minutes after placement: up to 40 days later. */
  after: fc.integer({ min: 0, max: 40 * 24 * 60 }),
});
const orderArb = fc.record({
  at: fc.integer({ min: 0, max: 60 * 24 * 60 - 1 }),
  status: fc.constantFrom(...ORDER_STATUSES),
  buyer: fc.constantFrom(0, 1),
  department: fc.constantFrom(null, 'taxed' as const, 'exempt' as const),
  subtotalCents: fc.integer({ min: 100, max: 50_000 }),
  allowanceShare: fc.integer({ min: 0, max: 100 }),
  shippingCents: fc.constantFrom(0, 1_200),
  /** The due date, in days before today (negative: still ahead). */
  dueAgo: fc.integer({ min: -20, max: 130 }),
  ledger: fc.array(entryArb, { maxLength: 4 }),
});
type Gen = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

async function write(list: Gen[]) {
  await db.delete(orders).where(
    inArray(
      orders.userId,
      buyers.map((b) => b.id),
    ),
  );
  const rows = list.map((g, i) => {
    const allowance = Math.floor((g.subtotalCents * g.allowanceShare) / 200);
    const isExempt = g.department === 'exempt';
    const tax = isExempt ? 0 : Math.round(((g.subtotalCents - allowance) * 78) / 1000);
    const dept = g.department === 'taxed' ? taxed! : g.department === 'exempt' ? exempt! : null;
    return {
      orderNumber: `BOOKS-${i}`,
      userId: buyers[g.buyer]!.id,
      placedBy: buyers[g.buyer]!.id,
      status: g.status,
      fulfillment: g.shippingCents ? ('shipping' as const) : ('pickup' as const),
      subtotalCents: g.subtotalCents,
      taxCents: tax,
      taxRatePpm: isExempt ? 0 : 78_000,
      taxExemptReason: isExempt ? `Tax exempt: ${dept!.name}` : null,
      adjustments: [
        ...(allowance ? [{ kind: 'allowance' as const, label: 'Allowance', amountCents: -allowance }] : []),
        { kind: 'tax' as const, label: 'Tax', amountCents: isExempt ? Math.round(g.subtotalCents * 0.078) : tax },
        ...(isExempt
          ? [{ kind: 'tax_exemption' as const, label: 'Tax exempt', amountCents: -Math.round(g.subtotalCents * 0.078) }]
          : []),
        { kind: 'shipping' as const, label: 'Shipping', amountCents: g.shippingCents },
      ],
      shippingCents: g.shippingCents,
      totalCents: g.subtotalCents - allowance + tax + g.shippingCents,
      departmentId: dept?.id ?? null,
      dueDate: daysAgo(g.dueAgo),
      createdAt: new Date(WINDOW_START + g.at * 60_000),
    };
  });
  const made = await db.insert(orders).values(rows).returning({ id: orders.id });
  const entries = list.flatMap((g, i) =>
    g.ledger.map((e) => ({
      orderId: made[i]!.id,
      kind: e.kind,
      method: e.kind === 'credit' ? ('other' as const) : e.method,
      amountCents: e.cents,
      createdAt: new Date(rows[i]!.createdAt.getTime() + e.after * 60_000),
    })),
  );
  if (entries.length) await db.insert(payments).values(entries);
  return { rows: rows.map((r, i) => ({ ...r, id: made[i]!.id })), entries };
}

type Written = Awaited<ReturnType<typeof write>>;

/** The range a run asks for: a random part of the window, in shop days. */
const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }))
  .map(([a, b]) => [Math.min(a, b), Math.max(a, b)].map((d) => dayOf(WINDOW_START + d * DAY_MS)) as [string, string]);

function expectedMoney(w: Written, from: string, to: string) {
  const by = new Map<string, { entries: number; payments: number; refunds: number; credits: number }>();
  for (const e of w.entries) {
    const day = dayOf(e.createdAt.getTime());
    if (day < from || day > to) continue;
    const key = `${day}|${e.kind === 'credit' ? 'credit' : e.method}`;
    const s = by.get(key) ?? { entries: 0, payments: 0, refunds: 0, credits: 0 };
    s.entries++;
    if (e.kind === 'payment') s.payments += e.amountCents;
    if (e.kind === 'refund') s.refunds += e.amountCents;
    if (e.kind === 'credit') s.credits += e.amountCents;
    by.set(key, s);
  }
  return by;
}

function expectedTax(w: Written, from: string, to: string) {
  const months = new Map<
    string,
    { orders: number; sales: number; taxable: number; exempt: number; tax: number; shipping: number }
  >();
  const depts = new Map<number, number>();
  for (const o of w.rows) {
    const day = dayOf(o.createdAt.getTime());
    if (day < from || day > to || !SALE_STATUSES.includes(o.status)) continue;
    const goods =
      o.subtotalCents + o.adjustments.filter((a) => a.kind === 'allowance').reduce((s, a) => s + a.amountCents, 0);
    const m = months.get(day.slice(0, 7)) ?? { orders: 0, sales: 0, taxable: 0, exempt: 0, tax: 0, shipping: 0 };
    m.orders++;
    m.sales += goods;
    if (o.taxExemptReason) {
      m.exempt += goods;
      depts.set(o.departmentId!, (depts.get(o.departmentId!) ?? 0) + goods);
    } else m.taxable += goods;
    m.tax += o.taxCents;
    m.shipping += o.shippingCents;
    months.set(day.slice(0, 7), m);
  }
  return { months, depts };
}

/** Balances as the product's rule states them, written out again here: the oracle the report is held to. */
function expectedBalances(w: Written) {
  const out = new Map<number, number>();
  for (const o of w.rows) {
    if (NOT_BILLED_STATUSES.includes(o.status)) continue;
    const mine = w.entries.filter((e) => e.orderId === o.id);
    const sum = (k: string) => mine.filter((e) => e.kind === k).reduce((s, e) => s + e.amountCents, 0);
    const owed = (['cancelled', 'denied'] as OrderStatus[]).includes(o.status)
      ? 0
      : Math.max(0, o.totalCents - sum('credit'));
    const balance = Math.max(0, owed - (sum('payment') - sum('refund')));
    if (balance > 0) out.set(o.id, balance);
  }
  return out;
}

const csvTable = (body: string) => parse(body, { bom: true, relax_column_count: true }) as string[][];

describe('the books on random ledgers', () => {
  it('the cash-up, tax and ageing reports, their CSVs and the accounting export agree with independent sums', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: 14 }), rangeArb, async (list, [from, to]) => {
        const w = await write(list);
        const q = `from=${from}&to=${to}`;

        // The cash-up.
        const moneyRes = await get(`/reports/money?${q}`);
        expect(moneyRes.statusCode, moneyRes.body).toBe(200);
        const money = moneyRes.json().report as MoneyReport;
        const want = expectedMoney(w, from, to);
        expect(money.rows.map((r) => `${r.day}|${r.method}`).sort()).toEqual([...want.keys()].sort());
        for (const r of money.rows) {
          const s = want.get(`${r.day}|${r.method}`)!;
          expect([cents(r.payments), cents(r.refunds), cents(r.credits), r.entries]).toEqual([
            s.payments,
            s.refunds,
            s.credits,
            s.entries,
          ]);
          expect(cents(r.net)).toBe(s.payments - s.refunds);
        }
        const all = [...want.values()];
        const sumOf = (k: 'payments' | 'refunds' | 'credits') => all.reduce((t, s) => t + s[k], 0);
        expect(cents(money.total.payments)).toBe(sumOf('payments'));
        expect(cents(money.total.refunds)).toBe(sumOf('refunds'));
        expect(cents(money.total.credits)).toBe(sumOf('credits'));
        expect(money.methods.reduce((t, m) => t + cents(m.net), 0)).toBe(sumOf('payments') - sumOf('refunds'));
        const moneyCsv = csvTable((await get(`/reports/money/export.csv?${q}`)).body);
        const totalLine = moneyCsv.find((r) => r[0] === 'Total')!;
        expect(totalLine.slice(3)).toEqual(
          [sumOf('payments'), sumOf('refunds'), sumOf('payments') - sumOf('refunds'), sumOf('credits')].map((c) =>
            (c / 100).toFixed(2),
          ),
        );

        // Sales tax.
        const taxRes = await get(`/reports/tax?${q}`);
        expect(taxRes.statusCode, taxRes.body).toBe(200);
        const tax = taxRes.json().report as TaxReport;
        const t = expectedTax(w, from, to);
        for (const r of tax.rows) {
          const m = t.months.get(r.key) ?? { orders: 0, sales: 0, taxable: 0, exempt: 0, tax: 0, shipping: 0 };
          expect([
            r.orders,
            cents(r.sales),
            cents(r.taxable),
            cents(r.exempt),
            cents(r.tax),
            cents(r.shipping),
          ]).toEqual([m.orders, m.sales, m.taxable, m.exempt, m.tax, m.shipping]);
          expect(cents(r.taxable) + cents(r.exempt)).toBe(cents(r.sales));
        }
        expect(tax.rows.reduce((s, r) => s + r.orders, 0)).toBe(tax.total.orders);
        expect(cents(tax.total.tax)).toBe([...t.months.values()].reduce((s, m) => s + m.tax, 0));
        expect(tax.exempt_departments.map((d) => [d.name, cents(d.exempt)])).toEqual(
          [...t.depts.entries()].map(([, c]) => [exempt!.name, c]),
        );

        // Ageing, today.
        const ageRes = await get('/reports/ageing');
        expect(ageRes.statusCode, ageRes.body).toBe(200);
        const age = ageRes.json().report as AgeingReport;
        const balances = expectedBalances(w);
        const mine = age.orders.filter((o) => o.order_number.startsWith('BOOKS-'));
        expect(new Map(mine.map((o) => [o.id, cents(o.balance)]))).toEqual(balances);
        for (const o of mine) {
          const row = w.rows.find((r) => r.id === o.id)!;
          expect(o.bucket).toBe(ageBucket(list[Number(row.orderNumber.slice(6))]!.dueAgo));
        }
        for (const c of age.customers) {
          const theirs = age.orders.filter((o) => o.customer_id === c.customer_id);
          expect(cents(c.total)).toBe(theirs.reduce((s, o) => s + cents(o.balance), 0));
          expect(
            cents(c.current) + cents(c.days_1_30) + cents(c.days_31_60) + cents(c.days_61_90) + cents(c.over_90),
          ).toBe(cents(c.total));
        }
        expect(age.departments.reduce((s, d) => s + cents(d.total), 0)).toBe(cents(age.total.total));
        const ageCsv = csvTable((await get('/reports/ageing/export.csv')).body);
        expect(ageCsv.find((r) => r[0] === 'Total')!.at(-1)).toBe(age.total.total.toFixed(2));

        // The accounting export: each invoice's lines and tax add up to its order's total; the payments file's
        // amounts to money in less money back less credits.
        const inv = csvTable((await get(`/reports/accounting/invoices.csv?${q}`)).body);
        const head = inv[0]!;
        const col = (name: string) => head.indexOf(name);
        const perInvoice = new Map<string, number>();
        for (const r of inv.slice(1))
          perInvoice.set(
            r[col('InvoiceNumber')]!,
            (perInvoice.get(r[col('InvoiceNumber')]!) ?? 0) +
              cents(Number(r[col('LineAmount')])) +
              cents(Number(r[col('TaxAmount')])),
          );
        const sold = w.rows.filter((o) => {
          const day = dayOf(o.createdAt.getTime());
          return day >= from && day <= to && SALE_STATUSES.includes(o.status);
        });
        expect(perInvoice).toEqual(new Map(sold.map((o) => [o.orderNumber, o.totalCents])));
        const pay = csvTable((await get(`/reports/accounting/payments.csv?${q}`)).body);
        expect(pay.slice(1).reduce((s, r) => s + cents(Number(r[1])), 0)).toBe(
          sumOf('payments') - sumOf('refunds') - sumOf('credits'),
        );
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});

describe('the books through the API', () => {
  it('counts a cancel-and-refund on the day the money went back, whatever became of the order', async () => {
    // Written straight to the table: this test is about the money, not about placing.
    const [row] = await db
      .insert(orders)
      .values({
        orderNumber: 'BOOKS-CANCEL',
        userId: admin.id,
        placedBy: admin.id,
        status: 'pending',
        fulfillment: 'pickup',
        subtotalCents: 20_642,
        taxCents: 1_610,
        taxRatePpm: 78_000,
        shippingCents: 0,
        totalCents: 22_252,
        adjustments: [{ kind: 'tax', label: 'Tax', amountCents: 1_610 }],
      })
      .returning({ id: orders.id });
    const order = { id: row!.id, total: 222.52 };
    const post = (path: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/v1/orders/admin/${order.id}/${path}`, headers: admin.headers, payload });
    expect((await post('payments', { amount: order.total, method: 'card_terminal' })).statusCode).toBe(200);
    const cancel = await post('cancel', {
      refund: { amount: order.total, method: 'card_terminal', reason: 'Cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const money = (await get(`/reports/money?from=${today}&to=${today}`)).json().report as MoneyReport;
    const terminal = money.rows.find((r) => r.day === today && r.method === 'card_terminal')!;
    expect(cents(terminal.refunds)).toBeGreaterThanOrEqual(cents(order.total));
    const csv = (await get(`/reports/money/export.csv?from=${today}&to=${today}`)).body;
    expect(csv).toContain('Card terminal');
    const pay = (await get(`/reports/accounting/payments.csv?from=${today}&to=${today}`)).body;
    expect(pay).toContain(`-${order.total.toFixed(2)}`);
  });

  it('refuses inverted ranges, ranges over five years and days outside 2000-2100 with 400, for every dated book', async () => {
    for (const path of [
      'money',
      'tax',
      'money/export.csv',
      'tax/export.csv',
      'accounting/invoices.csv',
      'accounting/payments.csv',
    ]) {
      for (const q of [
        'from=2026-03-10&to=2026-03-01',
        'from=2020-01-01&to=2025-01-01',
        'from=1999-12-31&to=2000-01-05',
        '',
      ]) {
        const res = await get(`/reports/${path}?${q}`);
        expect(res.statusCode, `${path}?${q}`).toBe(400);
        expect(res.json().success).toBe(false);
      }
    }
  });

  it('is for admins only', async () => {
    const employee = await signedIn(app, 'employee');
    for (const path of [
      'money?from=2026-01-01&to=2026-01-02',
      'ageing',
      'accounting/invoices.csv?from=2026-01-01&to=2026-01-02',
    ]) {
      expect(
        (await app.inject({ method: 'GET', url: `/api/v1/reports/${path}`, headers: employee.headers })).statusCode,
      ).toBe(403);
      expect((await app.inject({ method: 'GET', url: `/api/v1/reports/${path}` })).statusCode).toBe(401);
    }
  });
});
