import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type Order } from '../../shared/orders';
import { accountOf, sumLedger } from '../accounts';
import { orders, payments } from '../db/schema';
import { insertOrders } from '../test/bulk-orders';
import { CSV_COLUMNS, EXPORT_PAGE_ORDERS, LINE_CSV_COLUMNS, ordersCsvStream } from './export-csv';
import { createTestApp } from '../test/harness';
import { fillCart, pickup, shipping, someProducts, type CartItem } from '../test/orders';
import { json, signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');

const HEADER = [...CSV_COLUMNS] as string[];
const LINE_HEADER = [...LINE_CSV_COLUMNS] as string[];

async function place(user: SignedIn, body: object, items: CartItem[]) {
  await fillCart(app, user.id, items);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
const exportCsv = (query = '', headers = staff.headers, file = 'export.csv') =>
  app.inject({ method: 'GET', url: `/api/v1/orders/admin/${file}${query ? `?${query}` : ''}`, headers });

/** Parsed by a real CSV parser; each data row as a record keyed by the header. */
function rowsOf(body: string, header = HEADER): Record<string, string>[] {
  const table = parse(body, { bom: true }) as string[][];
  expect(table[0]).toEqual(header);
  return table.slice(1).map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]!])));
}
const money = (dollars: number) => dollars.toFixed(2);

describe('GET /orders/admin/export.csv', () => {
  it('writes one row per line, money in dollars, Phoenix times, neutralised formulas, BOM, CRLF and quoting', async () => {
    const u = await signedIn(app, 'other', { firstName: '=HYPERLINK("http://evil.test")', lastName: 'Smith, Jr' });
    const [a, b] = await someProducts(app, 2);
    const order = await place(u, { ...shipping, po_number: '+PO "7" @station' }, [
      {
        productId: a!.id,
        size: 'L',
        quantity: 2,
        customizations: [
          { type: 'us_flag', position: 'right_side', text: null },
          { type: 'add_name', position: 'left_side', text: 'GARCIA' },
        ],
      },
      { productId: b!.id, size: b!.sizes[0]!.label, quantity: 1 },
    ]);
    // 02:30 UTC on July 4th is still July 3rd, 19:30, in Phoenix (UTC-7, no daylight saving).
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-07-04T02:30:00Z') })
      .where(eq(orders.id, order.id));

    const res = await exportCsv(`search=${encodeURIComponent(u.email)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const phoenixToday = new Date(Date.now() - 7 * 3600_000).toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${phoenixToday}.csv"`);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(/[^\r]\n/.test(res.body)).toBe(false);

    const rows = rowsOf(res.body);
    expect(rows).toEqual([
      {
        Order: order.order_number,
        Placed: '2026-07-03 19:30',
        Status: 'Pending',
        Fulfillment: 'Shipping',
        Customer: `'=HYPERLINK("http://evil.test") Smith, Jr`,
        Email: u.email,
        Department: '',
        'PO number': `'+PO "7" @station`,
        Items: '3',
        Subtotal: money(order.subtotal),
        Tax: money(order.tax_amount),
        Shipping: money(order.shipping_cost),
        'Discounts and fees': '0.00',
        Allowance: '0.00',
        Credits: '0.00',
        'Called off': '0.00',
        Total: money(order.total),
        Paid: '0.00',
        Refunded: '0.00',
        Balance: money(order.total),
        'Payment method': 'Invoice',
        'Payment status': 'Unpaid',
      },
    ]);

    const linesRes = await exportCsv(`search=${encodeURIComponent(u.email)}`, staff.headers, 'lines.csv');
    expect(linesRes.statusCode, linesRes.body).toBe(200);
    expect(linesRes.headers['content-disposition']).toBe(`attachment; filename="order-lines-${phoenixToday}.csv"`);
    const lines = rowsOf(linesRes.body, LINE_HEADER);
    const [first, second] = order.items;
    const common = {
      Order: order.order_number,
      Placed: '2026-07-03 19:30',
      Status: 'Pending',
      Customer: `'=HYPERLINK("http://evil.test") Smith, Jr`,
      Department: '',
    };
    expect(lines[0]).toEqual({
      ...common,
      Product: first!.product_name,
      Size: 'L',
      Quantity: '2',
      Decorations: "Name - wearer's left chest: GARCIA; US flag patch - right sleeve",
      'Unit price': money(first!.unit_base_price + first!.unit_customization_price),
      'Line total': money(first!.total_price),
    });
    expect(lines[1]).toMatchObject({
      ...common,
      Product: second!.product_name,
      Quantity: '1',
      Decorations: '',
      'Line total': money(second!.total_price),
    });
    expect(Number(lines[0]!['Line total']) + Number(lines[1]!['Line total'])).toBeCloseTo(order.subtotal, 2);
    // The raw text quotes the cells with a comma or quote and doubles the inner quotes (RFC 4180).
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"") Smith, Jr"`);
    expect(res.body).toContain(`"'+PO ""7"" @station"`);
    // A semicolon is quoted too, so a spreadsheet that separates with ";" keeps one cell (security round 4, finding 11).
    expect(linesRes.body).toContain(`,"Name - wearer's left chest: GARCIA; US flag patch - right sleeve",`);
  });

  it('applies the list filters: status, fulfilment, shop days and sort', async () => {
    const u = await signedIn(app);
    const item = [{ quantity: 1 }];
    const early = await place(u, pickup, item);
    const late = await place(u, shipping, item);
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-02-01T18:00:00Z') })
      .where(eq(orders.id, early.id));
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-02-03T18:00:00Z'), status: 'in_production' })
      .where(eq(orders.id, late.id));
    const numbers = async (query: string) => {
      const res = await exportCsv(`search=${encodeURIComponent(u.email)}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return rowsOf(res.body).map((r) => r.Order);
    };
    expect(await numbers('')).toEqual([late.order_number, early.order_number]);
    expect(await numbers('sort=oldest')).toEqual([early.order_number, late.order_number]);
    expect(await numbers('status=in_production')).toEqual([late.order_number]);
    expect(await numbers('fulfillment=pickup')).toEqual([early.order_number]);
    expect(await numbers('from=2026-02-02&to=2026-02-03')).toEqual([late.order_number]);
    expect(await numbers('to=2026-02-01')).toEqual([early.order_number]);
    expect(await numbers('status=completed')).toEqual([]);
  });

  it('answers 400 for an impossible date range', async () => {
    const res = await exportCsv('from=2026-03-10&to=2026-03-01');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({
      success: false,
      detail: 'The start date must be on or before the end date',
      errors: [{ field: 'to', message: 'The start date must be on or before the end date' }],
    });
  });

  it('answers 400 in JSON, before any row is written, for a day outside 2000-2100 (security round 4, finding 7)', async () => {
    for (const query of ['from=2026-01-01&to=9999-12-31', 'from=0001-01-01&to=2026-01-01']) {
      const res = await exportCsv(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ success: false, detail: 'Dates must be between 2000-01-01 and 2100-12-31' });
    }
  });

  it('pages through more orders than one read holds, each order once, even when they share one placed time', async () => {
    const u = await signedIn(app, 'other', { firstName: 'Paging', lastName: 'Test' });
    const count = 2345;
    // One statement: every order gets the same created_at, so only the id breaks the ties between pages.
    const { orders: made } = await insertOrders(app, {
      userId: u.id,
      count,
      status: 'pending',
      prefix: 'PAGE',
      linesFor: (i) =>
        i % 100 === 0
          ? []
          : Array.from({ length: 1 + (i % 2) }, () => ({ size: 'M', quantity: 1, customizations: [] })),
    });
    const expectedLines = made.reduce((n, _o, i) => n + (i % 100 === 0 ? 0 : 1 + (i % 2)), 0);
    for (const sort of ['newest', 'oldest'] as const) {
      const started = performance.now();
      const res = await exportCsv(`search=PAGE-&sort=${sort}`);
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(200);
      const rows = rowsOf(res.body);
      expect(rows).toHaveLength(count);
      const inIdOrder = made.map((o) => o.orderNumber);
      expect(rows.map((r) => r.Order)).toEqual(sort === 'oldest' ? inIdOrder : [...inIdOrder].reverse());
      // An order without lines keeps its row, with no items.
      const bare = rows.find((r) => r.Order === 'PAGE-000000')!;
      expect(bare).toMatchObject({ Items: '0', Total: '10.78' });
      const lineRes = await exportCsv(`search=PAGE-&sort=${sort}`, staff.headers, 'lines.csv');
      expect(rowsOf(lineRes.body, LINE_HEADER)).toHaveLength(expectedLines);
      const where = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
      console.log(`[export] ${count} orders, ${rows.length} rows, sort ${sort} on ${where}: ${ms.toFixed(0)} ms`);
    }
    // The reply is fed a page at a time: the header, then one chunk per 1,000 orders, never all rows at once.
    const chunks: number[] = [];
    for await (const chunk of await ordersCsvStream(db, { sort: 'newest', search: 'PAGE-' }, new Date()))
      chunks.push(String(chunk).length);
    expect(chunks).toHaveLength(1 + Math.ceil(count / EXPORT_PAGE_ORDERS));
    await db.delete(orders).where(eq(orders.userId, u.id));
  }, 60_000);

  it('is for staff: an employee downloads it, a customer gets 403, a guest 401', async () => {
    const customer = await signedIn(app);
    expect((await exportCsv('', customer.headers)).statusCode).toBe(403);
    expect((await exportCsv('', json)).statusCode).toBe(401);
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(rowsOf(res.body).length).toBeGreaterThan(0);
  });
});

describe('the orders CSV adds up on every row', () => {
  const entryArb = fc.record({
    kind: fc.constantFrom('payment' as const, 'refund' as const, 'credit' as const),
    cents: fc.integer({ min: 1, max: 20_000 }),
  });
  const orderArb = fc.record({
    status: fc.constantFrom(...ORDER_STATUSES),
    subtotalCents: fc.integer({ min: 1_000, max: 40_000 }),
    allowanceShare: fc.integer({ min: 0, max: 100 }),
    discountCents: fc.constantFrom(0, -500, 2_500),
    shippingCents: fc.constantFrom(0, 1_200),
    ledger: fc.array(entryArb, { maxLength: 4 }),
  });

  it('total = subtotal + tax + shipping + discounts and fees - allowance - credits - called off; balance = max(0, total - paid + refunded), as accounts says', async () => {
    const u = await signedIn(app, 'other', { firstName: 'Adds', lastName: 'Up' });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: 8 }), async (list) => {
        run++;
        await db.delete(orders).where(eq(orders.userId, u.id));
        const made = await db
          .insert(orders)
          .values(
            list.map((g, i) => {
              const allowance = Math.floor((g.subtotalCents * g.allowanceShare) / 200);
              const tax = Math.round(((g.subtotalCents - allowance) * 78) / 1000);
              return {
                orderNumber: `SUMS-${run}-${i}`,
                userId: u.id,
                placedBy: u.id,
                status: g.status,
                fulfillment: 'pickup' as const,
                subtotalCents: g.subtotalCents,
                taxCents: tax,
                taxRatePpm: 78_000,
                shippingCents: g.shippingCents,
                adjustments: [
                  ...(allowance ? [{ kind: 'allowance' as const, label: 'Allowance', amountCents: -allowance }] : []),
                  ...(g.discountCents
                    ? [{ kind: 'discount' as const, label: 'Terms', amountCents: g.discountCents }]
                    : []),
                  { kind: 'tax' as const, label: 'Tax', amountCents: tax },
                  { kind: 'shipping' as const, label: 'Shipping', amountCents: g.shippingCents },
                ],
                totalCents: g.subtotalCents - allowance + g.discountCents + tax + g.shippingCents,
              };
            }),
          )
          .returning({ id: orders.id, status: orders.status, totalCents: orders.totalCents });
        // Credits stay within what the order owes, as the credits route holds them.
        const entries = list.flatMap((g, i) => {
          let room = made[i]!.totalCents;
          return g.ledger.flatMap((e) => {
            const amountCents = e.kind === 'credit' ? Math.min(e.cents, room) : e.cents;
            if (e.kind === 'credit') room -= amountCents;
            return amountCents > 0
              ? [{ orderId: made[i]!.id, kind: e.kind, method: 'cash' as const, amountCents }]
              : [];
          });
        });
        if (entries.length) await db.insert(payments).values(entries);

        const res = await exportCsv(`search=SUMS-${run}-&sort=oldest`);
        expect(res.statusCode, res.body).toBe(200);
        const rows = rowsOf(res.body);
        expect(rows).toHaveLength(list.length);
        rows.forEach((r, i) => {
          const c = (h: string) => Math.round(Number(r[h]) * 100);
          expect(c('Total')).toBe(
            c('Subtotal') +
              c('Tax') +
              c('Shipping') +
              c('Discounts and fees') -
              c('Allowance') -
              c('Credits') -
              c('Called off'),
          );
          expect(c('Balance')).toBe(Math.max(0, c('Total') - c('Paid') + c('Refunded')));
          // The one rule's figures, from accounts: what is owed and the balance.
          const account = accountOf(made[i]!, sumLedger(entries.filter((e) => e.orderId === made[i]!.id)));
          expect([c('Total'), c('Balance')]).toEqual([account.owedCents, account.balanceCents]);
          if (!['cancelled', 'denied'].includes(made[i]!.status)) expect(c('Called off')).toBe(0);
        });
      }),
      { numRuns: 15 },
    );
    await db.delete(orders).where(eq(orders.userId, u.id));
  }, 60_000);
});
