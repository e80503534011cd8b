import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mergeKey } from '../../shared/cart';
import { loadCart } from '../cart/service';
import { buildQuote, contextFor } from '../pricing';
import { cartLines, carts, orders, products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;

const put = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/v1/settings/', headers, payload });
const base = { tax_rate: 0.078, shipping_cost: 8, customization_cost: 6 };
/** The lead time and today's earliest due date (docs/product.md#due-dates; due-date.test.ts tests them). */
const due = { lead_time_days: 5, earliest_due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) };
/** What only an admin's answer has: the notice address (unset here) and the account terms (the default). */
const adminOnly = { shop_notify_email: null, account_terms_days: 30 };
/** The answer for a body that sets one price for every kind (the older form). */
const answerFor = (b: { tax_rate: number; shipping_cost: number; customization_cost: number }) => ({
  ...b,
  name_cost: b.customization_cost,
  us_flag_cost: b.customization_cost,
  az_flag_cost: b.customization_cost,
});

describe('GET /settings/', () => {
  it('is public and answers the seeded defaults', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/settings/' });
    expect(res.json()).toEqual({ success: true, settings: { ...answerFor(base), ...due } });
  });
});

describe('PUT /settings/ validation', () => {
  it.each([
    ['tax over 25 %', { tax_rate: 0.2501 }, 'tax_rate', 'Tax rate must be between 0% and 25%'],
    ['negative tax', { tax_rate: -0.01 }, 'tax_rate', 'Tax rate must be between 0% and 25%'],
    [
      'tax with three decimals as a percent',
      { tax_rate: 0.07855 },
      'tax_rate',
      'Tax rate can have at most two decimals as a percent',
    ],
    ['tax as text', { tax_rate: '7.8' }, 'tax_rate', 'Tax rate must be a number'],
    ['negative shipping', { shipping_cost: -1 }, 'shipping_cost', 'Shipping cost must be between 0 and 1000'],
    ['shipping over 1000', { shipping_cost: 1000.01 }, 'shipping_cost', 'Shipping cost must be between 0 and 1000'],
    [
      'shipping with three decimals',
      { shipping_cost: 8.999 },
      'shipping_cost',
      'Shipping cost can have at most two decimals',
    ],
    [
      'negative customization',
      { customization_cost: -0.5 },
      'customization_cost',
      'Customization cost must be between 0 and 1000',
    ],
    [
      'customization with three decimals',
      { customization_cost: 6.005 },
      'customization_cost',
      'Customization cost can have at most two decimals',
    ],
    [
      'customization missing',
      { customization_cost: undefined },
      'customization_cost',
      'Customization cost is required',
    ],
  ])('refuses %s', async (_name, change, field, message) => {
    const admin = await signedIn(app, 'admin');
    const res = await put(admin.headers, { ...base, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('accepts the edges: 0 %, 25 %, 0 and 1000 dollars, two decimals', async () => {
    const admin = await signedIn(app, 'admin');
    for (const body of [
      { tax_rate: 0, shipping_cost: 0, customization_cost: 0 },
      { tax_rate: 0.25, shipping_cost: 1000, customization_cost: 999.99 },
      { tax_rate: 0.0785, shipping_cost: 12.5, customization_cost: 6.25 },
    ]) {
      const res = await put(admin.headers, body);
      expect(res.statusCode).toBe(200);
      // The admin's answer also names the notice address and the account terms; the public answer never does.
      expect(res.json()).toEqual({ success: true, settings: { ...answerFor(body), ...due, ...adminOnly } });
      expect((await app.inject({ method: 'GET', url: '/api/v1/settings' })).json().settings).toEqual({
        ...answerFor(body),
        ...due,
      });
    }
    await put(admin.headers, base);
  });
});

describe('a price per decoration kind', () => {
  it('stores each kind, answers customization_cost as the name price, and refuses a partial or bad set', async () => {
    const admin = await signedIn(app, 'admin');
    const kinds = { tax_rate: 0.078, shipping_cost: 8, name_cost: 7.5, us_flag_cost: 4, az_flag_cost: 0 };
    const res = await put(admin.headers, kinds);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toEqual({ ...kinds, ...due, customization_cost: 7.5, ...adminOnly });
    for (const [change, field, message] of [
      [{ az_flag_cost: undefined }, 'az_flag_cost', 'Arizona flag price is required'],
      [{ us_flag_cost: -1 }, 'us_flag_cost', 'US flag price must be between 0 and 1000'],
      [{ name_cost: 6.001 }, 'name_cost', 'Name price can have at most two decimals'],
    ] as const) {
      const bad = await put(admin.headers, { ...kinds, ...change });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toBe(message);
      expect(bad.json().errors).toContainEqual({ field, message });
    }
    // Nothing changed by the refusals.
    expect((await app.inject({ method: 'GET', url: '/api/v1/settings/' })).json().settings.us_flag_cost).toBe(4);
    await put(admin.headers, base);
  });

  it('prices each decoration at its kind: a cart line with a name and a US flag costs name + flag', async () => {
    const admin = await signedIn(app, 'admin');
    const cust = await signedIn(app, 'other');
    await put(admin.headers, { tax_rate: 0.078, shipping_cost: 8, name_cost: 7, us_flag_cost: 3.25, az_flag_cost: 5 });
    const [product] = await db.select().from(products).where(eq(products.slug, 'duty-polo-navy'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers: cust.headers,
      payload: {
        product_id: product!.id,
        size: 'M',
        quantity: 2,
        customizations: [
          { type: 'add_name', position: 'left_side', text: 'ANA' },
          { type: 'us_flag', position: 'right_side' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json().cart.items[0];
    expect(line.unit_customization_price).toBe(10.25);
    expect(line.customizations.map((c: { cost: number }) => c.cost)).toEqual([7, 3.25]);
    expect(line.total_price).toBe(2 * (product!.basePriceCents / 100 + 10.25));
    await put(admin.headers, base);
  });
});

describe('a settings change', () => {
  it('re-prices an open cart at once and leaves placed orders as they were', async () => {
    const admin = await signedIn(app, 'admin');
    const cust = await signedIn(app, 'other');
    await put(admin.headers, base);
    const [product] = await db.select().from(products).where(eq(products.active, true)).limit(1);
    const size = product!.sizes[0]!.label;
    const customizations = [
      { type: 'add_name' as const, position: 'left_side' as const, text: 'ANA' },
      { type: 'us_flag' as const, position: 'right_side' as const, text: null },
    ];
    const [cart] = await db.insert(carts).values({ userId: cust.id }).returning();
    await db.insert(cartLines).values({
      cartId: cart!.id,
      productId: product!.id,
      size,
      quantity: 2,
      customizations,
      mergeKey: mergeKey(product!.id, size, customizations),
    });
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: `T-${Date.now()}`,
        userId: cust.id,
        placedBy: cust.id,
        status: 'pending',
        fulfillment: 'pickup',
        subtotalCents: 10_000,
        taxCents: 780,
        taxRatePpm: 78_000,
        shippingCents: 0,
        totalCents: 10_780,
      })
      .returning();

    const before = await loadCart(db, cust.id);
    expect(before.settings.taxRatePpm).toBe(78_000);
    expect(before.lines[0]!.unitCustomizationCents).toBe(1200);

    const res = await put(admin.headers, { tax_rate: 0.1, shipping_cost: 9.5, customization_cost: 7.25 });
    expect(res.statusCode).toBe(200);

    const after = await loadCart(db, cust.id);
    expect(after.settings.taxRatePpm).toBe(100_000);
    expect(after.settings.shippingCostCents).toBe(950);
    expect(after.lines[0]!.unitCustomizationCents).toBe(1450);
    expect(after.lines[0]!.totalCents).toBe(2 * (after.lines[0]!.unitBaseCents + 1450));
    const q = buildQuote(after.lines, contextFor(null, 'shipping', after.settings));
    expect(q.taxCents).toBe(Math.round(after.lines[0]!.totalCents * 0.1));
    expect(q.totalCents).toBe(after.lines[0]!.totalCents + q.taxCents + 950);

    const [kept] = await db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({
      subtotalCents: 10_000,
      taxCents: 780,
      taxRatePpm: 78_000,
      shippingCents: 0,
      totalCents: 10_780,
    });
    await put(admin.headers, base);
  });
});
