import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Customization } from '../../shared/cart';
import type { Order, OrderStatus } from '../../shared/orders';
import type { ProductionGroup } from '../../shared/production';
import { orders, products } from '../db/schema';
import { insertOrders } from '../test/bulk-orders';
import { createTestApp } from '../test/harness';
import { fillCart, pickup, shipping, someProducts, type CartItem } from '../test/orders';
import { json, signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');

async function place(user: SignedIn, items: CartItem[], body: object = pickup) {
  await fillCart(app, user.id, items);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
const setStatus = (ids: number[], status: OrderStatus) =>
  db.update(orders).set({ status }).where(inArray(orders.id, ids));
const sheet = (query = '', headers = staff.headers) =>
  app.inject({ method: 'GET', url: `/api/v1/orders/admin/production${query}`, headers });

// The embroiderer's words, written out here rather than taken from the code under test.
const PLACEMENT: Record<string, string> = {
  'add_name:left_side': "Name - wearer's left chest",
  'add_name:right_side': "Name - wearer's right chest",
  'us_flag:left_side': 'US flag patch - left sleeve',
  'us_flag:right_side': 'US flag patch - right sleeve',
  'az_flag:left_side': 'Arizona flag patch - left sleeve',
  'az_flag:right_side': 'Arizona flag patch - right sleeve',
};
const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'];
const TYPE_ORDER = ['add_name', 'us_flag', 'az_flag'];

/** The sheet counted by hand from the placed orders' own lines and the products table. */
async function expectedGroups(placed: { order: Order; customer: string }[]): Promise<ProductionGroup[]> {
  const rows = await db.select().from(products);
  const byId = new Map(rows.map((p) => [p.id, p]));
  const groups = new Map<string, ProductionGroup>();
  for (const { order, customer } of placed) {
    for (const item of order.items) {
      const p = byId.get(item.product_id)!;
      const key = `${p.baseName}|${p.color}|${item.size}`;
      const g = groups.get(key) ?? {
        product_name: p.baseName,
        color: p.color,
        size: item.size,
        quantity: 0,
        pieces: [],
      };
      g.quantity += item.quantity;
      g.pieces.push({
        order_id: order.id,
        order_number: order.order_number,
        quantity: item.quantity,
        customer_name: customer,
        due_date: order.due_date,
        decorations: [...item.customizations]
          .sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type))
          .map((c) => ({
            type: c.type,
            text: c.type === 'add_name' ? c.text : null,
            placement: PLACEMENT[`${c.type}:${c.position}`]!,
          })),
      });
      groups.set(key, g);
    }
  }
  return [...groups.values()].sort(
    (a, b) =>
      a.product_name.localeCompare(b.product_name) ||
      a.color.localeCompare(b.color) ||
      SIZES.indexOf(a.size) - SIZES.indexOf(b.size),
  );
}

describe('GET /orders/admin/production', () => {
  it('groups the pieces of pending and in-production orders by garment, colour and size, as counted here', async () => {
    const catalogue = await someProducts(app, 50);
    const tops = catalogue.filter((p) => p.sizes.some((s) => s.label === '4XL'));
    // Two colours of one garment and a second garment, so grouping by base name and by colour both show.
    const base = tops[0]!.baseName;
    const [navy, other] = tops.filter((p) => p.baseName === base);
    const second = tops.find((p) => p.baseName !== base)!;
    const name = (text: string, position: 'left_side' | 'right_side' = 'left_side'): Customization => ({
      type: 'add_name',
      position,
      text,
    });
    const us = (position: 'left_side' | 'right_side'): Customization => ({ type: 'us_flag', position, text: null });
    const az = (position: 'left_side' | 'right_side'): Customization => ({ type: 'az_flag', position, text: null });

    const ana = await signedIn(app, 'other', { firstName: 'Ana', lastName: 'Reyes' });
    const noName = await signedIn(app, 'other', { firstName: null, lastName: null });
    const a = await place(ana, [
      { productId: navy!.id, size: '4XL', quantity: 2, customizations: [us('right_side'), name('REYES')] },
      { productId: navy!.id, size: 'XS', quantity: 1, customizations: [name('A. REYES', 'right_side')] },
      { productId: second.id, size: 'M', quantity: 3 },
    ]);
    const b = await place(
      noName,
      [
        { productId: navy!.id, size: '4XL', quantity: 1, customizations: [az('left_side'), us('right_side')] },
        { productId: other!.id, size: 'L', quantity: 4, customizations: [name("O'NEIL")] },
        { productId: navy!.id, size: 'M', quantity: 5 },
      ],
      shipping,
    );
    const c = await place(ana, [{ productId: second.id, size: 'M', quantity: 2, customizations: [name('CRUZ')] }]);
    await setStatus([c.id], 'in_production');
    // Orders outside the sheet's statuses must not count.
    const done = await place(ana, [{ productId: navy!.id, size: '4XL', quantity: 7 }]);
    const waiting = await place(ana, [{ productId: navy!.id, size: '4XL', quantity: 9 }]);
    await setStatus([done.id], 'completed');
    await setStatus([waiting.id], 'awaiting_approval');

    const res = await sheet('?status=pending,in_production');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const placed = [
      { order: a, customer: 'Ana Reyes' },
      { order: b, customer: noName.email },
      { order: c, customer: 'Ana Reyes' },
    ];
    expect(body.groups).toEqual(await expectedGroups(placed));
    expect(body.piece_count).toBe(2 + 1 + 3 + 1 + 4 + 5 + 2);
    expect(body.order_count).toBe(3);
    expect(body.orders).toEqual([
      {
        id: a.id,
        order_number: a.order_number,
        status: 'pending',
        customer_name: 'Ana Reyes',
        fulfillment: 'pickup',
        po_number: null,
        created_at: a.created_at,
        due_date: a.due_date,
        department_name: null,
        payment_method: a.payment.method,
        balance: a.payment.balance,
        proof_pending: null,
      },
      expect.objectContaining({ id: b.id, customer_name: noName.email, fulfillment: 'shipping' }),
      expect.objectContaining({ id: c.id, status: 'in_production' }),
    ]);
    // XS before 4XL within one garment and colour, whatever the text order says.
    const navySizes = body.groups
      .filter((g: ProductionGroup) => g.product_name === base && g.color === navy!.color)
      .map((g: ProductionGroup) => g.size);
    expect(navySizes).toEqual(['XS', 'M', '4XL']);
    const big = body.groups.find((g: ProductionGroup) => g.color === navy!.color && g.size === '4XL');
    expect(big.quantity).toBe(3);
    expect(big.pieces[0].decorations).toEqual([
      { type: 'add_name', text: 'REYES', placement: "Name - wearer's left chest" },
      { type: 'us_flag', text: null, placement: 'US flag patch - right sleeve' },
    ]);
    expect(big.pieces[1].decorations).toEqual([
      { type: 'us_flag', text: null, placement: 'US flag patch - right sleeve' },
      { type: 'az_flag', text: null, placement: 'Arizona flag patch - left sleeve' },
    ]);

    // The default is the same two statuses; order_ids picks exactly the orders named, whatever their status.
    expect((await sheet()).json()).toEqual(body);
    expect((await sheet('?order_ids=&status=')).json()).toEqual(body);
    const chosen = (await sheet(`?order_ids=${done.id},${c.id}`)).json();
    expect(chosen.orders.map((o: { id: number }) => o.id)).toEqual([c.id, done.id]);
    expect(chosen.piece_count).toBe(2 + 7);
    expect((await sheet(`?order_ids=${c.id},${done.id},${c.id}&status=cancelled`)).json()).toEqual(chosen);
    const onlyWaiting = (await sheet('?status=awaiting_approval')).json();
    expect(onlyWaiting.orders.map((o: { id: number }) => o.id)).toContain(waiting.id);
    expect(onlyWaiting.orders.map((o: { id: number }) => o.id)).not.toContain(a.id);
  });

  it('refuses unknown statuses, bad ids and more than 500 ids with 400', async () => {
    const cases: [string, string][] = [
      ['?status=pending,baking', 'Unknown order status'],
      ['?order_ids=1,x', 'Order ids are whole numbers separated by commas'],
      ['?order_ids=-4', 'Order ids are whole numbers separated by commas'],
      ['?order_ids=1.5', 'Order ids are whole numbers separated by commas'],
      [`?order_ids=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`, 'At most 500 orders at a time'],
    ];
    for (const [query, detail] of cases) {
      const res = await sheet(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, detail });
    }
    expect((await sheet(`?order_ids=${Array.from({ length: 500 }, (_, i) => i + 1).join(',')}`)).statusCode).toBe(200);
  });

  it('is for staff: an employee reads it, a customer gets 403, a guest 401, and /orders/admin/:id does not catch it', async () => {
    const customer = await signedIn(app);
    expect((await sheet('', customer.headers)).statusCode).toBe(403);
    expect((await sheet('', json)).statusCode).toBe(401);
    const res = await sheet();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, groups: expect.any(Array) });
    const csv = await app.inject({ method: 'GET', url: '/api/v1/orders/admin/export.csv', headers: staff.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    // The parametric route still answers for ids and refuses other words as before.
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/orders/admin/999999', headers: staff.headers })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/orders/admin/productions', headers: staff.headers })).statusCode,
    ).toBe(400);
  });

  it('answers 1,000 open orders in one pass', async () => {
    const u = await signedIn(app, 'other', { firstName: 'Bulk', lastName: 'Buyer' });
    const before = (await sheet()).json();
    const { orders: made } = await insertOrders(app, {
      userId: u.id,
      count: 1000,
      status: 'pending',
      prefix: 'BULK',
      linesFor: (i) => [
        { size: SIZES[i % SIZES.length]!, quantity: 1 + (i % 3), customizations: [] },
        {
          size: 'L',
          quantity: 2,
          customizations: [
            { type: 'add_name', position: 'left_side', text: `N${i}` },
            { type: 'us_flag', position: 'right_side', text: null },
          ],
        },
      ],
    });
    const expectedPieces = made.reduce((sum, _o, i) => sum + 1 + (i % 3) + 2, 0);
    const started = performance.now();
    const res = await sheet();
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.order_count).toBe(before.order_count + 1000);
    expect(body.piece_count).toBe(before.piece_count + expectedPieces);
    const names = body.groups.flatMap((g: ProductionGroup) =>
      g.pieces.flatMap((p) => p.decorations.filter((d) => d.type === 'add_name').map((d) => d.text)),
    );
    expect(names.filter((n: string) => /^N\d+$/.test(n))).toHaveLength(1000);
    const db2 = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
    console.log(
      `[production] GET /orders/admin/production over ${body.order_count} open orders on ${db2}: ${ms.toFixed(0)} ms`,
    );
    // Generous for a shared 2-core machine; an N+1 pattern would take tens of seconds here.
    expect(ms).toBeLessThan(5000);
    await db.delete(orders).where(eq(orders.userId, u.id));
  }, 60_000);
});
