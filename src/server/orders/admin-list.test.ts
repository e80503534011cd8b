import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order, OrderSummary } from '../../shared/orders';
import { departments, orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup, shipping, someProducts, type CartItem } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// The staff list's filters: fulfilment, department, shop-day range, sort, and the wider search.
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');

async function place(user: SignedIn, body: object = pickup, items: CartItem[] = [{ quantity: 1 }]) {
  await fillCart(app, user.id, items);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
const list = (query: string) =>
  app.inject({ method: 'GET', url: `/api/v1/orders/admin/all?${query}`, headers: staff.headers });
const ids = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { orders: OrderSummary[]; total: number };
  expect(body.total, query).toBe(body.orders.length);
  return body.orders.map((o) => o.id);
};
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const placedAt = (id: number, iso: string) =>
  db
    .update(orders)
    .set({ createdAt: new Date(iso) })
    .where(eq(orders.id, id));

describe('GET /orders/admin/all filters', () => {
  it('filters by fulfilment and department, and combines them with status and search', async () => {
    const [dept] = await db
      .insert(departments)
      .values({ name: 'Tonto Basin Fire', domains: ['tontofire.test'], requiresApproval: false })
      .returning();
    const member = await signedIn(app, 'other', { email: `crew-${Date.now()}@tontofire.test` });
    const loner = await signedIn(app);
    const deptPickup = await place(member);
    const deptShipped = await place(member, shipping);
    const lonerShipped = await place(loner, shipping);
    await db.update(orders).set({ status: 'in_production' }).where(eq(orders.id, deptShipped.id));

    expect(await ids(q({ department_id: dept!.id }))).toEqual([deptShipped.id, deptPickup.id]);
    expect(await ids(q({ department_id: dept!.id, fulfillment: 'shipping' }))).toEqual([deptShipped.id]);
    expect(await ids(q({ department_id: dept!.id, status: 'pending' }))).toEqual([deptPickup.id]);
    expect(await ids(q({ search: loner.email, fulfillment: 'shipping' }))).toEqual([lonerShipped.id]);
    expect(await ids(q({ search: loner.email, fulfillment: 'pickup' }))).toEqual([]);
    const shipped = await list(q({ fulfillment: 'shipping', limit: 500 }));
    expect(shipped.json().total).toBe(await db.$count(orders, eq(orders.fulfillment, 'shipping')));
    expect(shipped.json().orders.every((o: OrderSummary) => o.fulfillment === 'shipping')).toBe(true);
    // A cleared filter in a form arrives empty and means no filter.
    expect((await list('fulfillment=&department_id=&from=&to=&sort=')).statusCode).toBe(200);
  });

  it('keeps orders placed within the shop days asked for, both ends inclusive, in Phoenix time', async () => {
    const u = await signedIn(app);
    const [a, b, c, d] = [await place(u), await place(u), await place(u), await place(u)];
    // Phoenix is UTC-7: 06:59 UTC on March 10 is still March 9 at the shop.
    await placedAt(a.id, '2026-03-10T06:59:59.999Z');
    await placedAt(b.id, '2026-03-10T07:00:00.000Z');
    await placedAt(c.id, '2026-03-11T06:59:59.999Z');
    await placedAt(d.id, '2026-03-11T07:00:00.000Z');
    const mine = { search: u.email };
    expect(await ids(q({ ...mine, from: '2026-03-10', to: '2026-03-10' }))).toEqual([c.id, b.id]);
    expect(await ids(q({ ...mine, from: '2026-03-10' }))).toEqual([d.id, c.id, b.id]);
    expect(await ids(q({ ...mine, to: '2026-03-09' }))).toEqual([a.id]);
    expect(await ids(q({ ...mine, from: '2026-03-09', to: '2026-03-11' }))).toEqual([d.id, c.id, b.id, a.id]);
  });

  it('sorts newest first by default and oldest first when asked, with ties broken by id', async () => {
    const u = await signedIn(app);
    const placed = [await place(u), await place(u), await place(u)];
    await placedAt(placed[0]!.id, '2026-05-01T15:00:00Z');
    await placedAt(placed[1]!.id, '2026-05-01T15:00:00Z');
    await placedAt(placed[2]!.id, '2026-04-01T15:00:00Z');
    const [p0, p1, p2] = placed.map((o) => o.id) as [number, number, number];
    expect(await ids(q({ search: u.email }))).toEqual([p1, p0, p2]);
    expect(await ids(q({ search: u.email, sort: 'newest' }))).toEqual([p1, p0, p2]);
    expect(await ids(q({ search: u.email, sort: 'oldest' }))).toEqual([p2, p0, p1]);
    const page = await list(q({ search: u.email, sort: 'oldest', limit: 1, offset: 1 }));
    expect(page.json()).toMatchObject({ total: 3, orders: [{ id: p0 }] });
    const all = (await list(q({ sort: 'oldest', limit: 500 }))).json().orders as OrderSummary[];
    const times = all.map((o) => o.created_at);
    expect(times).toEqual([...times].sort());
  });

  it('searches PO numbers, product names on the lines and embroidered names, and answers the PO number', async () => {
    const u = await signedIn(app);
    const catalogue = await someProducts(app, 50);
    // A product no other test here orders, so its name finds one order only.
    const rare = catalogue.at(-1)!;
    const withPo = await place(u, { ...pickup, po_number: 'PO-TUCSON-4417' });
    const withRare = await place(u, pickup, [{ productId: rare.id, size: rare.sizes[0]!.label, quantity: 1 }]);
    const withName = await place(u, pickup, [
      {
        productId: catalogue[0]!.id,
        size: catalogue[0]!.sizes[0]!.label,
        customizations: [
          { type: 'add_name', position: 'left_side', text: 'QUIXOTE' },
          { type: 'us_flag', position: 'right_side', text: null },
        ],
      },
    ]);

    expect(await ids(q({ search: 'tucson-44' }))).toEqual([withPo.id]);
    const [row] = (await list(q({ search: 'PO-TUCSON-4417' }))).json().orders as OrderSummary[];
    expect(row!.po_number).toBe('PO-TUCSON-4417');
    expect(await ids(q({ search: `${rare.baseName} - ${rare.color}` }))).toEqual([withRare.id]);
    expect(await ids(q({ search: 'quixo' }))).toEqual([withName.id]);
    expect(await ids(q({ search: 'Quixote', status: 'pending' }))).toEqual([withName.id]);
    expect(await ids(q({ search: 'Quixote', status: 'completed' }))).toEqual([]);
    // Only name texts count: the customisation's type words and flags' positions are not names.
    expect(await ids(q({ search: 'add_name' }))).toEqual([]);
    expect(await ids(q({ search: 'right_side' }))).toEqual([]);
    // The search still finds customers and order numbers as before.
    const mine = await ids(q({ search: u.email }));
    expect(mine).toEqual([withName.id, withRare.id, withPo.id]);
    expect(await ids(q({ search: withRare.order_number }))).toEqual([withRare.id]);
    const lines = await db.select().from(orders).where(inArray(orders.id, mine));
    expect(lines.map((o) => o.poNumber).sort()).toEqual(['PO-TUCSON-4417', null, null].sort());
  });

  it('refuses an impossible range and malformed filters with 400 naming the field, and the export does too', async () => {
    const cases: [string, string, string][] = [
      ['from=2026-03-10&to=2026-03-09', 'to', 'The start date must be on or before the end date'],
      ['from=2026-02-30', 'from', 'Dates are written YYYY-MM-DD'],
      ['to=03/10/2026', 'to', 'Dates are written YYYY-MM-DD'],
      // Years the database or a Date cannot step past (security round 4, finding 7): a 400, not a 500.
      ['from=2026-01-01&to=9999-12-31', 'to', 'Dates must be between 2000-01-01 and 2100-12-31'],
      ['from=0001-01-01', 'from', 'Dates must be between 2000-01-01 and 2100-12-31'],
      ['to=1999-12-31', 'to', 'Dates must be between 2000-01-01 and 2100-12-31'],
      ['fulfillment=drone', 'fulfillment', 'Choose pickup or shipping'],
      ['department_id=fire', 'department_id', 'Choose a department'],
      ['department_id=0', 'department_id', 'Choose a department'],
      ['department_id=99999999999', 'department_id', 'Choose a department'],
      ['sort=cheapest', 'sort', 'Sort by newest or oldest'],
      ['payment=paid', 'payment', 'Filter payments by unpaid or refund due'],
    ];
    for (const [query, field, detail] of cases) {
      for (const path of ['all', 'export.csv']) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/orders/admin/${path}?${query}`,
          headers: staff.headers,
        });
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        // The list also sorts by due date; the export pages by placement time only.
        const said = path === 'all' && field === 'sort' ? 'Sort by newest, oldest or due date' : detail;
        expect(res.json()).toMatchObject({ success: false, detail: said, errors: [{ field, message: said }] });
      }
    }
    expect((await list('from=2026-03-10&to=2026-03-10')).statusCode).toBe(200);
    expect((await list('from=2000-01-01&to=2100-12-31')).statusCode).toBe(200);
  });
});
