import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import type { ShipmentResult } from '../../shared/shipments';
import { orderEvents, orders, outbox } from '../db/schema';
import { createTestApp } from '../test/harness';
import { json, signedIn, type SignedIn } from '../test/users';
import { fillCart, mailsTo, pickup, shipping } from '../test/orders';

const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');

async function newOrder(user: SignedIn, body: object = shipping) {
  await fillCart(app, user.id, [{ quantity: 1 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}
/** Shipping orders on the machines: the ones a bulk ship takes. */
async function inProduction(user: SignedIn, n: number, body: object = shipping) {
  const made: Order[] = [];
  for (let i = 0; i < n; i += 1) made.push(await newOrder(user, body));
  await db
    .update(orders)
    .set({ status: 'in_production' })
    .where(
      inArray(
        orders.id,
        made.map((o) => o.id),
      ),
    );
  return made;
}
const ship = (payload: object, headers = staff.headers) =>
  app.inject({ method: 'POST', url: '/api/v1/orders/admin/shipments', headers, payload });
const statusOf = async (ids: number[]) =>
  (await db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids)))
    .sort((a, b) => a.id - b.id)
    .map((r) => r.status);
const changes = async () => {
  const [e] = await db.select({ n: count() }).from(orderEvents);
  const [m] = await db.select({ n: count() }).from(outbox);
  return [Number(e!.n), Number(m!.n)];
};

const UPS = ['1Z999AA10123456784', '1Z999AA10123456785', '1Z999AA10123456786', '1Z999AA10123456787'];
// A label no earlier test shipped with: a number already on another order is refused (tracking-reuse.test.ts).
const UNUSED_UPS = '1Z999AA10123456790';

describe('POST /orders/admin/shipments', () => {
  it('previews a table of orders without changing anything, then ships each with its event, link and mail', async () => {
    const u = await signedIn(app, 'other');
    const made = await inProduction(u, 3);
    const rows = made.map((o, i) => ({
      order_number: ` ${o.order_number.toLowerCase()} `,
      carrier: i === 2 ? 'FedEx' : 'UPS',
      tracking_number: i === 2 ? '1234 5678 9012' : UPS[i]!.replace(/(.{4})/g, '$1 '),
    }));
    const before = await changes();
    const preview = await ship({ rows, allow_unpaid: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ success: true, applied: false, ready: 3, shipped: 0 });
    expect(preview.json().rows).toEqual(
      made.map((o, i) => ({
        line: i + 1,
        order_number: o.order_number,
        order_id: o.id,
        customer_name: expect.any(String),
        carrier: i === 2 ? 'FedEx' : 'UPS',
        tracking_number: i === 2 ? '123456789012' : UPS[i],
        problem: null,
        code: null,
        warnings: [],
        shipped: false,
      })),
    );
    expect(await changes()).toEqual(before);
    expect(await statusOf(made.map((o) => o.id))).toEqual(['in_production', 'in_production', 'in_production']);

    const done = await ship({ rows, allow_unpaid: true, apply: true });
    expect(done.json()).toMatchObject({ applied: true, ready: 3, shipped: 3 });
    expect(await statusOf(made.map((o) => o.id))).toEqual(['shipped', 'shipped', 'shipped']);
    const seen = (await app.inject({ method: 'GET', url: `/api/v1/orders/${made[0]!.id}`, headers: u.headers })).json()
      .order as Order;
    expect(seen).toMatchObject({
      carrier: 'UPS',
      tracking_number: UPS[0],
      tracking_url: `https://www.ups.com/track?tracknum=${UPS[0]}`,
    });
    expect(seen.events.at(-1)).toMatchObject({ to_status: 'shipped' });
    const mails = (await mailsTo(app, u.email)).filter((m) => m.subject.endsWith('shipped'));
    expect(mails.map((m) => m.subject).sort()).toEqual(made.map((o) => `Order ${o.order_number} shipped`).sort());
    expect(mails.find((m) => m.subject.includes(made[2]!.order_number))!.textBody).toContain(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
  });

  it('lists every problem of a CSV per row, applies nothing, and on confirm ships only the good rows', async () => {
    const u = await signedIn(app, 'other');
    const [good1, good2, twice, owes] = await inProduction(u, 4);
    const waiting = await newOrder(u); // pending: not made yet
    const [atCounter] = await inProduction(u, 1, pickup); // a pickup order never ships
    const csv = [
      'Order number,Carrier,Tracking number',
      `${good1!.order_number},UPS,${UNUSED_UPS}`,
      `CSU-1999-999999,UPS,${UPS[1]}`,
      `${twice!.order_number},UPS,${UPS[2]}`,
      `"${twice!.order_number}",UPS,${UPS[3]}`,
      `${waiting.order_number},USPS,9400 1000 0000 0000 0000 00`,
      `${atCounter!.order_number},FedEx,123456789012`,
      `${good2!.order_number},usps,EA123456789US`,
      `${owes!.order_number},FedEx,999999999999`,
      `${good1!.order_number}x,UPS`,
      `${good2!.order_number}z,UPS,1Z123`,
      `,UPS,${UNUSED_UPS}`,
      '',
    ].join('\r\n');
    const before = await changes();
    const allowed = new Set([good1!.id, good2!.id]);
    // The unpaid order is refused unless staff allow it: pay good1 and good2 by allowing only them is not possible per
    // row, so the preview without allow_unpaid shows UNPAID_BALANCE on every shippable row.
    const strict = (await ship({ csv })).json();
    expect(
      strict.rows.filter((r: ShipmentResult) => r.code === 'UNPAID_BALANCE').map((r: ShipmentResult) => r.order_id),
    ).toEqual([good1!.id, good2!.id, owes!.id]);
    expect(strict.rows.find((r: ShipmentResult) => r.order_id === owes!.id).problem).toBe(
      `${owes!.order_number} owes $${owes!.total.toFixed(2)}. Record the payment first, or confirm to ship it unpaid.`,
    );

    const preview = await ship({ csv, allow_unpaid: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const problems = (preview.json().rows as ShipmentResult[]).map((r) => [r.line, r.problem]);
    expect(problems).toEqual([
      [1, null],
      [2, 'No order has this number'],
      [3, 'This order is listed more than once (rows 3, 4)'],
      [4, 'This order is listed more than once (rows 3, 4)'],
      [5, 'Cannot change an order from pending to shipped. Allowed next: in production, denied, cancelled.'],
      [6, expect.stringMatching(/^Cannot change an order from in production to shipped\./)],
      [7, null],
      [8, null],
      [9, 'A row needs three columns: order number, carrier, tracking number'],
      [10, 'A UPS tracking number is 1Z followed by 16 letters and digits'],
      [11, 'Enter the order number'],
    ]);
    expect(preview.json()).toMatchObject({ applied: false, ready: 3, shipped: 0 });
    expect(await changes()).toEqual(before);

    const done = (await ship({ csv, allow_unpaid: true, apply: true })).json();
    expect(done).toMatchObject({ applied: true, ready: 3, shipped: 3 });
    expect(done.rows.filter((r: ShipmentResult) => r.shipped).map((r: ShipmentResult) => r.line)).toEqual([1, 7, 8]);
    expect(done.rows[1].problem).toBe('No order has this number');
    const all = [good1!, good2!, twice!, owes!, waiting, atCounter!];
    const after = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          all.map((o) => o.id),
        ),
      );
    for (const o of after)
      expect([o.id, o.status]).toEqual([
        o.id,
        allowed.has(o.id) || o.id === owes!.id ? 'shipped' : o.id === waiting.id ? 'pending' : 'in_production',
      ]);
    expect(after.find((o) => o.id === good2!.id)).toMatchObject({ carrier: 'USPS', trackingNumber: 'EA123456789US' });
    // The order shipped unpaid says so on its timeline, as a single ship does.
    const [ev] = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, owes!.id))
      .orderBy(orderEvents.id)
      .then((r) => r.slice(-1));
    expect(ev!.details).toMatch(/^Shipped unpaid, as staff confirmed/);

    // A second import of the same file ships nothing more: those orders are shipped now.
    const again = (await ship({ csv, allow_unpaid: true, apply: true })).json();
    expect(again).toMatchObject({ shipped: 0 });
    expect(again.rows[0].problem).toMatch(/^Cannot change an order from shipped to shipped/);
  });

  it('refuses an empty request, both table and file, more than 200 rows, and another tracking number twice', async () => {
    const cases: [object, string][] = [
      [{}, 'Add at least one order to ship'],
      [{ rows: [] }, 'Add at least one order to ship'],
      [{ csv: 'Order number,Carrier,Tracking\n' }, 'Add at least one order to ship'],
      [
        { rows: [{ order_number: 'A', carrier: '', tracking_number: 'B' }], csv: 'A,,B' },
        'Send the table or the CSV file, not both',
      ],
      [{ csv: Array.from({ length: 201 }, (_, i) => `N${i},,T${i}`).join('\n') }, 'At most 200 orders at a time'],
    ];
    const before = await changes();
    for (const [payload, detail] of cases) {
      const res = await ship(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, detail });
    }
    expect(await changes()).toEqual(before);
    const u = await signedIn(app, 'other');
    const [a, b] = await inProduction(u, 2);
    const same = (
      await ship({
        rows: [a, b].map((o) => ({
          order_number: o!.order_number,
          carrier: 'Valley Courier',
          tracking_number: 'vc-17',
        })),
        allow_unpaid: true,
      })
    ).json();
    expect(same.rows.map((r: ShipmentResult) => [r.tracking_number, r.problem])).toEqual([
      ['VC17', 'This tracking number is listed more than once (rows 1, 2)'],
      ['VC17', 'This tracking number is listed more than once (rows 1, 2)'],
    ]);
  });

  it('is for staff: a guest gets 401 and a customer 403', async () => {
    const customer = await signedIn(app);
    const body = { csv: 'X,UPS,1' };
    expect((await ship(body, json)).statusCode).toBe(401);
    expect((await ship(body, customer.headers)).statusCode).toBe(403);
    const admin = await signedIn(app, 'admin');
    expect((await ship(body, admin.headers)).statusCode).toBe(200);
  });
});
