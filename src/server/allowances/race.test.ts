import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allowanceLedger, orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup, someProducts } from '../test/orders';
import { signedIn } from '../test/users';

// Run against PostgreSQL (npm run test:pg -- this file) for real parallel transactions; on PGlite it still holds.
const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const [P] = await someProducts(app, 1);
const price = P!.basePriceCents;
const RACERS = 20;

async function memberWith(amountCents: number, domain: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/departments/',
    headers: admin.headers,
    payload: {
      name: domain,
      domains: [domain],
      requires_approval: false,
      tax_exempt: true,
      allowance_amount: amountCents / 100,
    },
  });
  expect(res.statusCode).toBe(201);
  return signedIn(app, 'other', { email: `racer@${domain}` });
}
const usedBy = async (userId: number) =>
  (await db.select().from(allowanceLedger).where(eq(allowanceLedger.userId, userId))).reduce(
    (s, r) => s + r.amountCents,
    0,
  );

describe('concurrent orders against one balance', () => {
  it(`${RACERS} resubmissions at once never spend more than the balance`, async () => {
    const amount = Math.round(price * 2.5);
    const m = await memberWith(amount, 'race-modify.gov');
    // Denied orders to resubmit: each resubmission places a new order through the same path as checkout.
    const denied = await db
      .insert(orders)
      .values(
        Array.from({ length: RACERS }, (_, i) => ({
          orderNumber: `RACE-${i}-${Date.now()}`,
          userId: m.id,
          placedBy: m.id,
          status: 'denied' as const,
          fulfillment: 'pickup' as const,
          subtotalCents: price,
          taxCents: 0,
          taxRatePpm: 0,
          shippingCents: 0,
          totalCents: price,
        })),
      )
      .returning();
    const items = [{ product_id: P!.id, size: P!.sizes[0]!.label, quantity: 1, customizations: [] }];
    const answers = await Promise.all(
      denied.map((o) =>
        app.inject({ method: 'POST', url: `/api/v1/orders/${o.id}/modify`, headers: m.headers, payload: { items } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(RACERS).fill(201));
    const placed = answers.map((a) => a.json().order);
    const applied = placed.map((o) => -o.adjustments.find((a: { kind: string }) => a.kind === 'allowance').amount);
    expect(await usedBy(m.id)).toBe(amount);
    expect(Math.round(applied.reduce((s: number, x: number) => s + x, 0) * 100)).toBe(amount);
    expect(applied.filter((x: number) => x * 100 === price)).toHaveLength(2);
    const me = (await app.inject({ method: 'GET', url: '/api/v1/users/me/allowance', headers: m.headers })).json();
    expect(me.allowance).toMatchObject({ remaining: 0, used: amount / 100 });
  });

  it(`${RACERS} checkouts at once with the quoted allowance: losers are refused, never overspent`, async () => {
    const amount = Math.round(price * 1.5);
    const m = await memberWith(amount, 'race-checkout.gov');
    await fillCart(app, m.id, [{ productId: P!.id, quantity: 1 }]);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/orders/',
          headers: m.headers,
          payload: { ...pickup, expected_allowance: price / 100 },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    // The others either found the cart already ordered or the balance changed under them.
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(['ALLOWANCE_CHANGED', 'CART_EMPTY']).toContain(a.json().code);
    }
    expect(await usedBy(m.id)).toBe(price);
  });
});
