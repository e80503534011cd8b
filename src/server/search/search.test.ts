import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../shared/orders';
import type { SearchResults } from '../../shared/search';
import { departments, orderEvents, orders, users } from '../db/schema';
import { insertOrders } from '../test/bulk-orders';
import { postContact, validGuest } from '../test/contact';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';

// Search across every kind of field, in the staff order list (?search=) and the global search (GET /search?q=).
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const tag = `${process.pid}${Date.now().toString(36)}`;

const [dept] = await db
  .insert(departments)
  .values({ name: `Gila Bend Rescue ${tag}`, domains: [`gilabend${tag}.test`], requiresApproval: false })
  .returning();
const customer = await signedIn(app, 'other', {
  email: `maria.${tag}@example.test`,
  firstName: 'Mariposa',
  lastName: `Quintero${tag}`,
  phone: '602-555-0101',
});
const { orders: made } = await insertOrders(app, {
  userId: customer.id,
  count: 1,
  status: 'shipped',
  prefix: `SRCH${tag}`,
  linesFor: () => [
    { size: 'L', quantity: 1, customizations: [{ type: 'add_name', position: 'left_side', text: `Zebulon${tag}` }] },
  ],
});
const order = made[0]!;
await db
  .update(orders)
  .set({
    poNumber: `PO-${tag}-77`,
    trackingNumber: `1Z${tag}TRACK`,
    notes: `Leave at the side gate ${tag}`,
    departmentId: dept!.id,
  })
  .where(eq(orders.id, order.id));
await db.insert(orderEvents).values({
  orderId: order.id,
  actorType: 'staff',
  kind: 'note',
  toStatus: 'shipped',
  internalNote: `Customer called about hem length ${tag}`,
});

const listIds = async (text: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/orders/admin/all?${new URLSearchParams({ search: text })}`,
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().orders as OrderSummary[]).map((o) => o.id);
};
const search = async (text: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/search?${new URLSearchParams({ q: text })}`,
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResults;
};

describe('staff search', () => {
  const kinds: [string, string][] = [
    ['order number', `srch${tag}-000000`],
    ['customer name', `mariposa quintero${tag}`],
    ['e-mail', `MARIA.${tag}@`],
    ['phone in another format', '(602) 555-0101'],
    ['phone as digits', '6025550101'],
    ['PO', `po-${tag}-77`],
    ['product', made.length ? '' : 'never'],
    ['embroidered name', `zebulon${tag}`],
    ['tracking number', `1z${tag}track`],
    ['tracking number as a label prints it, in groups', `1Z ${tag} TRA CK`],
    ['tracking number with dashes', `1z-${tag}-track`],
    ['department', `gila bend rescue ${tag}`],
    ['customer note', `side gate ${tag}`],
    ['staff note', `hem length ${tag}`],
  ];
  for (const [kind, text] of kinds.filter(([, t]) => t)) {
    it(`finds the order by ${kind}`, async () => {
      expect(await listIds(text)).toEqual([order.id]);
      const found = await search(text);
      expect(found.orders.map((o) => o.id)).toEqual([order.id]);
      expect(found.orders_total).toBe(1);
    });
  }

  it('finds the order by its product among others', async () => {
    const [line] = await app.deps.db.query.orderLines.findMany({ where: (l, { eq: is }) => is(l.orderId, order.id) });
    expect(await listIds(line!.productName)).toContain(order.id);
  });

  it('groups the customer and their conversation; the phone matches whatever the format', async () => {
    const found = await search('(602) 555-0101');
    expect(found.customers.map((c) => c.id)).toEqual([customer.id]);
    const guest = validGuest({ phone: '602.555.0177', message: `Do you hem trousers ${tag}?` });
    expect((await postContact(app, guest)).statusCode).toBe(201);
    expect((await search('602-555-0177')).conversations.map((c) => c.email)).toEqual([guest.email]);
    expect((await search(`hem trousers ${tag}`)).conversations.map((c) => c.email)).toEqual([guest.email]);
  });

  it('returns nothing for one character, rather than everything', async () => {
    expect(await listIds('a')).toEqual([]);
    const found = await search('a');
    expect(found).toMatchObject({ too_short: true, orders: [], customers: [], conversations: [], orders_total: 0 });
  });

  it('refuses guests and customers', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/search?q=ab' })).statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/api/v1/search?q=ab', headers: customer.headers });
    expect(res.statusCode).toBe(403);
  });

  it('stays quick on 10,000 orders (measured, logged)', { timeout: 120_000 }, async () => {
    const [bulkUser] = await db
      .insert(users)
      .values({ email: `bulk.${tag}@example.test`, phone: '(480) 555-0199', firstName: 'Bulk', lastName: 'Buyer' })
      .returning();
    // Five statements of 2,000: one of 10,000 would bind more parameters than PostgreSQL takes.
    for (let batch = 0; batch < 5; batch += 1)
      await insertOrders(app, {
        userId: bulkUser!.id,
        count: 2000,
        status: 'pending',
        prefix: `BULK${tag}-${batch}`,
        linesFor: (i) => [{ size: 'M', quantity: 1 + (i % 3), customizations: [] }],
      });
    await search('(602) 555-0101');
    const t0 = performance.now();
    const found = await search('(602) 555-0101');
    const ms = performance.now() - t0;
    expect(found.orders.map((o) => o.id)).toEqual([order.id]);
    const t1 = performance.now();
    await listIds(`hem length ${tag}`);
    const listMs = performance.now() - t1;
    console.log(
      `search on 10,000+ orders (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): global search by phone ${ms.toFixed(1)} ms, order list by note ${listMs.toFixed(1)} ms`,
    );
  });
});
