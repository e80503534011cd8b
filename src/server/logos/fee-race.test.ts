import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { artworks, orders, products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { pickup } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// An artwork's one-time digitising fee under orders placed at the same moment: checkout locks the artwork inside its
// transaction, so exactly one order carries the fee. Run against PostgreSQL (npm run test:pg -- this file) for real
// parallel transactions; on PGlite the carts read before the transactions still race.
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const [polo] = await db.select().from(products).where(eq(products.slug, 'duty-polo-navy'));
const FEE = 35;
const RACERS = 6;

async function artwork(owner: SignedIn) {
  const [row] = await db
    .insert(artworks)
    .values({
      userId: owner.id,
      name: 'Ladder 7',
      format: 'png',
      fileName: 'logo.png',
      fileSize: 3,
      original: Buffer.from('png'),
      preview: Buffer.from('webp'),
    })
    .returning();
  return row!.id;
}

const line = (artworkId: number) => ({
  product_id: polo!.id,
  size: 'M',
  quantity: 2,
  customizations: { logos: [{ artwork_id: artworkId, position: 'left_side' }] },
});

const checkout = (who: SignedIn, key: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: pickup,
  });

const feesCharged = async (userId: number) =>
  (await db.select().from(orders).where(eq(orders.userId, userId))).map(
    (o) => o.adjustments.filter((a) => a.kind === 'digitising_fee').length,
  );

describe('the digitising fee under orders placed at once', () => {
  it(`${RACERS} checkouts of one cart at once (tabs, each its own key): one order carries the fee`, async () => {
    const customer = await signedIn(app);
    const id = await artwork(customer);
    const added = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers: customer.headers,
      payload: line(id),
    });
    expect(added.statusCode, added.body).toBe(200);
    const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) => checkout(customer, `tab-${i}`)));
    const placed = answers.filter((a) => a.statusCode === 201).map((a) => a.json().order);
    expect(placed.length).toBeGreaterThan(0);
    const charged = placed.flatMap((o) => o.adjustments.filter((a: { kind: string }) => a.kind === 'digitising_fee'));
    expect(charged).toEqual([{ kind: 'digitising_fee', label: 'Digitising: Ladder 7', amount: FEE }]);
    expect((await feesCharged(customer.id)).reduce((s, n) => s + n, 0)).toBe(1);
    // Every order's total is its subtotal plus its own adjustments: the ones without the fee were priced without it.
    for (const o of placed) {
      const adjusted = o.adjustments.reduce((s: number, a: { amount: number }) => s + a.amount, 0);
      expect(Math.round((o.subtotal + adjusted) * 100)).toBe(Math.round(o.total * 100));
    }
    const totals = new Set(placed.map((o) => o.total));
    expect(totals.size).toBe(placed.length > 1 ? 2 : 1);
  });

  it('a checkout and a phone order for the same customer at once: the fee on exactly one of them', async () => {
    const customer = await signedIn(app);
    const id = await artwork(customer);
    const added = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers: customer.headers,
      payload: line(id),
    });
    expect(added.statusCode, added.body).toBe(200);
    const [mine, phone] = await Promise.all([
      checkout(customer, 'own'),
      app.inject({
        method: 'POST',
        url: `/api/v1/orders/admin/for-customer/${customer.id}`,
        headers: staff.headers,
        payload: { ...pickup, channel: 'phone', items: [{ ...line(id), customizations: line(id).customizations }] },
      }),
    ]);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(phone.statusCode, phone.body).toBe(201);
    expect((await feesCharged(customer.id)).sort()).toEqual([0, 1]);
  });
});
