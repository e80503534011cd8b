import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import type { PickGarment } from '../../shared/pick-list';
import { orderLines, orders, products, type StoredCustomization } from '../db/schema';
import { storedAt } from '../test/decorations';
import { createTestApp } from '../test/harness';
import { fillCart, pickup, someProducts, type CartItem } from '../test/orders';
import { json, signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
// The pick list counts garments, never money: the bulk lines cost nothing.
const FREE = { add_name: 0, us_flag: 0, az_flag: 0 };

async function place(user: SignedIn, items: CartItem[]) {
  await fillCart(app, user.id, items);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: pickup });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
const pick = (query = '', headers = staff.headers) =>
  app.inject({ method: 'GET', url: `/api/v1/orders/admin/pick-list${query}`, headers });

describe('GET /orders/admin/pick-list', () => {
  it('counts blanks in a size grid in the garment’s own size order and decorations by kind and position', async () => {
    const all = await someProducts(app, 50);
    const cap = all.find((p) => p.sizes.some((s) => s.label === 'S/M'))!;
    const top = all.find((p) => p.sizes.some((s) => s.label === '4XL'))!;
    const u = await signedIn(app, 'other');
    const a = await place(u, [
      // A cap takes no name (checkout refuses a line its product does not take): the name is on the top.
      { productId: cap.id, size: 'L/XL', quantity: 2 },
      {
        productId: top.id,
        size: '4XL',
        quantity: 1,
        customizations: [
          { type: 'add_name', position: 'left_side', text: 'AB' },
          { type: 'us_flag', position: 'right_side', text: null },
        ],
      },
    ]);
    const b = await place(u, [
      { productId: cap.id, size: 'S/M', quantity: 3 },
      {
        productId: top.id,
        size: 'XS',
        quantity: 4,
        customizations: [
          { type: 'add_name', position: 'right_side', text: 'CD' },
          { type: 'az_flag', position: 'left_side', text: null },
          { type: 'us_flag', position: 'right_side', text: null },
        ],
      },
    ]);
    const res = await pick(`?order_ids=${a.id},${b.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, order_count: 2, piece_count: 10 });
    const capRow = body.garments.find((g: PickGarment) => g.product_name === cap.baseName && g.color === cap.color);
    // S/M before L/XL: the cap's own order, not the alphabet.
    expect(capRow).toEqual({
      product_name: cap.baseName,
      color: cap.color,
      sizes: cap.sizes.map((s) => ({ size: s.label, quantity: { 'S/M': 3, 'L/XL': 2 }[s.label] ?? 0 })),
      total: 5,
    });
    expect(capRow.sizes.map((s: { size: string }) => s.size).slice(0, 2)).toEqual(['S/M', 'L/XL']);
    const topRow = body.garments.find((g: PickGarment) => g.product_name === top.baseName && g.color === top.color);
    expect(topRow.sizes.map((s: { size: string }) => s.size)).toEqual(top.sizes.map((s) => s.label));
    expect(topRow.total).toBe(5);
    expect(body.decorations).toEqual([
      {
        type: 'add_name',
        label: 'Embroidered name',
        position: 'left_side',
        placement: "Name - wearer's left chest",
        count: 1,
      },
      {
        type: 'add_name',
        label: 'Embroidered name',
        position: 'right_side',
        placement: "Name - wearer's right chest",
        count: 4,
      },
      {
        type: 'us_flag',
        label: 'US flag patch',
        position: 'left_side',
        placement: 'US flag patch - left sleeve',
        count: 0,
      },
      {
        type: 'us_flag',
        label: 'US flag patch',
        position: 'right_side',
        placement: 'US flag patch - right sleeve',
        count: 5,
      },
      {
        type: 'az_flag',
        label: 'Arizona flag patch',
        position: 'left_side',
        placement: 'Arizona flag patch - left sleeve',
        count: 4,
      },
      {
        type: 'az_flag',
        label: 'Arizona flag patch',
        position: 'right_side',
        placement: 'Arizona flag patch - right sleeve',
        count: 0,
      },
    ]);
  });

  it('counts exactly what random orders hold (property)', async () => {
    const catalogue = await someProducts(app, 50);
    const u = await signedIn(app, 'other');
    const decoration = fc.record({
      type: fc.constantFrom('add_name' as const, 'us_flag' as const, 'az_flag' as const),
      position: fc.constantFrom('left_side' as const, 'right_side' as const),
    });
    const line = fc.record({
      product: fc.nat({ max: catalogue.length - 1 }),
      size: fc.nat(),
      quantity: fc.integer({ min: 1, max: 99 }),
      decorations: fc.uniqueArray(decoration, { selector: (d) => d.type, maxLength: 3 }),
    });
    const order = fc.array(line, { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 1, maxLength: 8 }), async (drawn) => {
        const made = await db
          .insert(orders)
          .values(
            drawn.map(() => ({
              orderNumber: `PICK-${Math.random().toString(36).slice(2, 12)}`,
              userId: u.id,
              placedBy: u.id,
              status: 'pending' as const,
              fulfillment: 'pickup' as const,
              subtotalCents: 0,
              taxCents: 0,
              taxRatePpm: 0,
              shippingCents: 0,
              totalCents: 0,
            })),
          )
          .returning({ id: orders.id });
        await db.insert(orderLines).values(
          drawn.flatMap((lines, i) =>
            lines.map((l) => {
              const p = catalogue[l.product]!;
              const customizations: StoredCustomization[] = l.decorations.map((d) => ({
                ...d,
                text: d.type === 'add_name' ? 'XY' : null,
              }));
              return {
                orderId: made[i]!.id,
                productId: p.id,
                productName: p.baseName,
                productSlug: p.slug,
                imageBase: p.imageBase,
                isMultiImage: p.isMultiImage,
                size: p.sizes[l.size % p.sizes.length]!.label,
                quantity: l.quantity,
                unitBaseCents: 0,
                unitCustomizationCents: 0,
                decorations: storedAt(customizations, FREE),
                totalCents: 0,
                customizations,
              };
            }),
          ),
        );
        const ids = made.map((o) => o.id);
        // Counted here from the order lines as stored, one by one.
        const stored = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids));
        const byProduct = new Map((await db.select().from(products)).map((p) => [p.id, p]));
        const blanks = new Map<string, number>();
        const decorations = new Map<string, number>();
        for (const l of stored) {
          const p = byProduct.get(l.productId)!;
          const key = `${p.baseName}|${p.color}|${l.size}`;
          blanks.set(key, (blanks.get(key) ?? 0) + l.quantity);
          for (const c of l.customizations)
            decorations.set(`${c.type}:${c.position}`, (decorations.get(`${c.type}:${c.position}`) ?? 0) + l.quantity);
        }
        const body = (await pick(`?order_ids=${ids.join(',')}`)).json();
        const got = new Map<string, number>();
        for (const g of body.garments as PickGarment[]) {
          const own = [...byProduct.values()].find((p) => p.baseName === g.product_name && p.color === g.color)!;
          // Each garment's grid lists its sizes in the product's own order.
          expect(g.sizes.map((s) => s.size)).toEqual(own.sizes.map((s) => s.label));
          expect(g.total).toBe(g.sizes.reduce((n, s) => n + s.quantity, 0));
          for (const s of g.sizes) if (s.quantity) got.set(`${g.product_name}|${g.color}|${s.size}`, s.quantity);
        }
        expect(got).toEqual(blanks);
        expect(body.order_count).toBe(ids.length);
        expect(body.piece_count).toBe(stored.reduce((n, l) => n + l.quantity, 0));
        for (const d of body.decorations as { type: string; position: string; count: number }[])
          expect(d.count).toBe(decorations.get(`${d.type}:${d.position}`) ?? 0);
        await db.delete(orders).where(inArray(orders.id, ids));
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('is for staff and refuses a bad query with 400', async () => {
    const customer = await signedIn(app);
    expect((await pick('', customer.headers)).statusCode).toBe(403);
    expect((await pick('', json)).statusCode).toBe(401);
    const bad = await pick('?order_ids=1,x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ detail: 'Order ids are whole numbers separated by commas' });
    expect((await pick('?status=baking')).json()).toMatchObject({ detail: 'Unknown order status' });
    const all = await pick();
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ success: true, garments: expect.any(Array) });
  });
});
