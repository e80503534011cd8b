import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../../shared/cart';
import { products } from '../db/schema';
import { invalidateCatalog } from '../catalog/service';
import { loadCart, removeOrderedLines } from './service';
import { updateSettings } from '../settings/service';
import { invalidateDecorationPrices } from '../pricing';
import { createTestApp } from '../test/harness';
import { json, signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const productId = async (slug: string) =>
  (await db.select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]!.id;
const polo = await productId('duty-polo-navy');
const tee = await productId('station-tee-black');

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? who.headers : json,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const add = (who: SignedIn, body: unknown) => call(who, 'POST', '/cart/items', body);
const cartOf = async (who: SignedIn) => (await call(who, 'GET', '/cart/')).json().cart as Cart;
const nameLeftUsRight = {
  add_name: { enabled: true, position: 'left_side', text: 'Garcia' },
  us_flag: { enabled: true, position: 'right_side' },
};

const expectFieldError = (res: Awaited<ReturnType<typeof call>>, field: string, message: string, status = 400) => {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ success: false, detail: message, message });
  expect(body.errors).toContainEqual({ field, message });
};

describe('access', () => {
  it('refuses guests on every cart call', async () => {
    for (const [method, url] of [
      ['GET', '/cart/'],
      ['POST', '/cart/items'],
      ['PUT', '/cart/items/1'],
      ['DELETE', '/cart/items/1'],
      ['DELETE', '/cart/'],
    ] as const) {
      // A valid body, so the answer is about access and not about the body.
      const body = method === 'POST' ? { product_id: polo, size: 'M' } : method === 'PUT' ? { quantity: 1 } : undefined;
      const res = await call(null, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
  it('serves staff too (they may shop) and GET /cart answers without a trailing slash', async () => {
    const staff = await signedIn(app, 'employee');
    expect((await call(staff, 'GET', '/cart')).statusCode).toBe(200);
  });
});

describe('POST /cart/items', () => {
  it('starts empty, then adds a priced line in the server form of a cart', async () => {
    const u = await signedIn(app);
    expect(await cartOf(u)).toEqual({
      items: [],
      item_count: 0,
      subtotal: 0,
      adjustments: [{ kind: 'tax', label: 'Tax (7.8%)', amount: 0 }],
      tax_rate: 0.078,
      tax_amount: 0,
      total: 0,
      break_hints: [],
    });
    const res = await add(u, { product_id: polo, size: 'L', quantity: 2, customizations: nameLeftUsRight });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Item added to cart' });
    expect(body.cart).toEqual({
      items: [
        {
          id: expect.any(Number),
          product_id: polo,
          product_name: 'Duty Polo - Navy',
          product_slug: 'duty-polo-navy',
          size: 'L',
          unit_base_price: 32,
          unit_customization_price: 12,
          total_price: 88,
          quantity: 2,
          product_is_multi_image: false,
          product_image_base: '/images/products/duty-polo-navy',
          product_available: true,
          unavailable_reason: null,
          needs_fix: null,
          price_changed: false,
          previous_unit_price: null,
          customizations: [
            {
              type: 'add_name',
              label: 'Embroidered name',
              position: 'left_side',
              text: 'Garcia',
              cost: 6,
              enabled: true,
            },
            { type: 'us_flag', label: 'US flag patch', position: 'right_side', text: null, cost: 6, enabled: true },
          ],
        },
      ],
      item_count: 2,
      subtotal: 88,
      adjustments: [{ kind: 'tax', label: 'Tax (7.8%)', amount: 6.86 }],
      tax_rate: 0.078,
      tax_amount: 6.86,
      total: 94.86,
      break_hints: [
        { base_name: 'Duty Polo', quantity: 2, applied: null, next: 'Add 10 more for $30.40 each (5% off)' },
      ],
    });
  });

  it('merges equal lines whatever the order of the customisations, in either form', async () => {
    const u = await signedIn(app);
    await add(u, { product_id: polo, size: 'M', quantity: 1, customizations: nameLeftUsRight });
    const again = await add(u, {
      product_id: polo,
      size: 'M',
      quantity: 1,
      customizations: [
        { type: 'us_flag', position: 'right_side' },
        { type: 'add_name', position: 'left_side', text: 'Garcia' },
      ],
    });
    const cart = again.json().cart as Cart;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(2);
  });

  it('keeps different sizes, texts, sides and products on separate lines', async () => {
    const u = await signedIn(app);
    await add(u, { product_id: polo, size: 'M', customizations: nameLeftUsRight });
    await add(u, { product_id: polo, size: 'L', customizations: nameLeftUsRight });
    await add(u, {
      product_id: polo,
      size: 'M',
      customizations: { ...nameLeftUsRight, add_name: { enabled: true, position: 'left_side', text: 'Garcia Jr.' } },
    });
    await add(u, {
      product_id: polo,
      size: 'M',
      customizations: { ...nameLeftUsRight, us_flag: { enabled: true, position: 'left_side' } },
    });
    await add(u, { product_id: tee, size: 'M', customizations: nameLeftUsRight });
    const cart = await cartOf(u);
    expect(cart.items).toHaveLength(5);
    expect(cart.item_count).toBe(5);
  });

  it('prices on the server only: price and total fields in the body are ignored', async () => {
    const u = await signedIn(app);
    const res = await add(u, {
      product_id: polo,
      size: '2XL',
      quantity: 1,
      price: 0.01,
      unit_base_price: 0.01,
      total_price: 0.01,
      customizations: [{ type: 'az_flag', position: 'left_side', cost: 0, price: 0 }],
    });
    expect(res.statusCode).toBe(200);
    const line = res.json().cart.items[0];
    // 2XL carries a $2 upcharge in the unit base price.
    expect(line).toMatchObject({ unit_base_price: 34, unit_customization_price: 6, total_price: 40 });
    expect(line.customizations[0].cost).toBe(6);
  });

  it('ignores disabled customisations (no charge, same line as without them)', async () => {
    const u = await signedIn(app);
    await add(u, {
      product_id: tee,
      size: 'S',
      customizations: { us_flag: { enabled: false, position: 'left_side' } },
    });
    const cart = (await add(u, { product_id: tee, size: 'S' })).json().cart as Cart;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ quantity: 2, unit_customization_price: 0, customizations: [] });
  });

  it('refuses an unknown or inactive product with a field message on product_id', async () => {
    const u = await signedIn(app);
    expectFieldError(await add(u, { product_id: 999_999, size: 'M' }), 'product_id', 'This product is not available');
    await db.update(products).set({ active: false }).where(eq(products.id, tee));
    invalidateCatalog(db);
    expectFieldError(await add(u, { product_id: tee, size: 'M' }), 'product_id', 'This product is not available');
    await db.update(products).set({ active: true }).where(eq(products.id, tee));
    invalidateCatalog(db);
    expectFieldError(await add(u, { size: 'M' }), 'product_id', 'Choose a product');
  });

  it('refuses a size the product does not offer', async () => {
    const u = await signedIn(app);
    expectFieldError(
      await add(u, { product_id: polo, size: '34' }),
      'size',
      'Choose one of the sizes offered for this product',
    );
    expectFieldError(await add(u, { product_id: polo, size: '' }), 'size', 'Choose a size');
  });

  it('refuses quantities outside 1-99', async () => {
    const u = await signedIn(app);
    expectFieldError(
      await add(u, { product_id: polo, size: 'M', quantity: 0 }),
      'quantity',
      'Quantity must be at least 1',
    );
    expectFieldError(
      await add(u, { product_id: polo, size: 'M', quantity: 100 }),
      'quantity',
      'Quantity can be at most 99',
    );
    expectFieldError(
      await add(u, { product_id: polo, size: 'M', quantity: 1.5 }),
      'quantity',
      'Quantity must be a whole number',
    );
  });

  it('caps a merged line at 99 with a clear 400 and leaves it unchanged', async () => {
    const u = await signedIn(app);
    await add(u, { product_id: polo, size: 'M', quantity: 98 });
    expect((await add(u, { product_id: polo, size: 'M', quantity: 1 })).statusCode).toBe(200);
    expectFieldError(
      await add(u, { product_id: polo, size: 'M', quantity: 1 }),
      'quantity',
      'You can have at most 99 of the same item in your cart',
    );
    expect((await cartOf(u)).items[0]!.quantity).toBe(99);
  });

  it('merges concurrent adds of the same line atomically', async () => {
    const u = await signedIn(app);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => add(u, { product_id: tee, size: 'L', quantity: 2 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const cart = await cartOf(u);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(10);
  });

  it.each([
    [
      'an unknown type (object form)',
      { eu_flag: { enabled: true, position: 'left_side' } },
      'customizations.eu_flag',
      'Unknown customization type',
    ],
    [
      'an unknown type (array form)',
      [{ type: 'eu_flag', position: 'left_side' }],
      // Kinds are rows: the key is checked against the active kinds, and the error names it.
      'customizations.eu_flag',
      'Unknown customization type',
    ],
    [
      'a bad side',
      { us_flag: { enabled: true, position: 'top' } },
      'customizations.us_flag.position',
      'Choose the left or right side',
    ],
    [
      'an empty name',
      { add_name: { enabled: true, position: 'left_side', text: '   ' } },
      'customizations.add_name.text',
      'Enter the name to embroider',
    ],
    [
      'a missing name',
      { add_name: { enabled: true, position: 'left_side' } },
      'customizations.add_name.text',
      'Enter the name to embroider',
    ],
    [
      'an over-long name',
      { add_name: { enabled: true, position: 'left_side', text: 'A'.repeat(21) } },
      'customizations.add_name.text',
      'The embroidered name can be at most 20 characters',
    ],
    [
      'a name with digits',
      { add_name: { enabled: true, position: 'left_side', text: 'Engine 7' } },
      'customizations.add_name.text',
      'The embroidered name can only contain letters, spaces, hyphens, apostrophes and periods',
    ],
    [
      'a duplicate type',
      [
        { type: 'us_flag', position: 'left_side' },
        { type: 'us_flag', position: 'right_side' },
      ],
      'customizations.us_flag',
      'Each customization can only be added once',
    ],
    [
      'both flags on one side',
      { us_flag: { enabled: true, position: 'left_side' }, az_flag: { enabled: true, position: 'left_side' } },
      'customizations.az_flag.position',
      'The US and Arizona flag patches must go on different sides',
    ],
    ['a non-list, non-object value', 'lots', 'customizations', 'Customizations are not valid'],
  ])('refuses %s with a field message', async (_label, customizations, field, message) => {
    const u = await signedIn(app);
    expectFieldError(await add(u, { product_id: polo, size: 'M', customizations }), field, message);
    expect((await cartOf(u)).items).toEqual([]);
  });

  it('lets the name share a side with a patch', async () => {
    const u = await signedIn(app);
    const res = await add(u, {
      product_id: polo,
      size: 'M',
      customizations: {
        add_name: { enabled: true, position: 'left_side', text: "O'Neil-Smith Jr." },
        az_flag: { enabled: true, position: 'left_side' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cart.items[0].unit_customization_price).toBe(12);
  });
});

describe('PUT and DELETE /cart/items/:id', () => {
  it('sets the quantity, refusing 0 and 100, and removes a line', async () => {
    const u = await signedIn(app);
    const lineId = (await add(u, { product_id: polo, size: 'M' })).json().cart.items[0].id as number;
    const put = await call(u, 'PUT', `/cart/items/${lineId}`, { quantity: 3, total_price: 0 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      success: true,
      message: 'Cart item updated',
      cart: { item_count: 3, subtotal: 96 },
    });
    expectFieldError(
      await call(u, 'PUT', `/cart/items/${lineId}`, { quantity: 0 }),
      'quantity',
      'Quantity must be at least 1',
    );
    expectFieldError(
      await call(u, 'PUT', `/cart/items/${lineId}`, { quantity: 100 }),
      'quantity',
      'Quantity can be at most 99',
    );
    expectFieldError(await call(u, 'PUT', `/cart/items/${lineId}`, {}), 'quantity', 'Quantity must be a number');
    const del = await call(u, 'DELETE', `/cart/items/${lineId}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ success: true, cart: { items: [], total: 0 } });
    const again = await call(u, 'DELETE', `/cart/items/${lineId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ detail: 'Cart item not found' });
  });

  it('keeps two users’ carts apart: another user’s line is a 404 and stays untouched', async () => {
    const alice = await signedIn(app);
    const bob = await signedIn(app);
    const aliceLine = (await add(alice, { product_id: polo, size: 'M', quantity: 2 })).json().cart.items[0]
      .id as number;
    await add(bob, { product_id: tee, size: 'S' });
    expect((await cartOf(bob)).items.map((i) => i.product_id)).toEqual([tee]);
    const put = await call(bob, 'PUT', `/cart/items/${aliceLine}`, { quantity: 5 });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ success: false, detail: 'Cart item not found' });
    expect((await call(bob, 'DELETE', `/cart/items/${aliceLine}`)).statusCode).toBe(404);
    const aliceCart = await cartOf(alice);
    expect(aliceCart.items).toHaveLength(1);
    expect(aliceCart.items[0]!.quantity).toBe(2);
    await call(bob, 'DELETE', '/cart/');
    expect((await cartOf(alice)).items).toHaveLength(1);
  });

  it('answers 400 for an id that is not a number', async () => {
    const u = await signedIn(app);
    expect((await call(u, 'PUT', '/cart/items/abc', { quantity: 1 })).statusCode).toBe(400);
  });
});

describe('DELETE /cart/', () => {
  it('empties the cart and answers the empty cart', async () => {
    const u = await signedIn(app);
    await add(u, { product_id: polo, size: 'M' });
    await add(u, { product_id: tee, size: 'M' });
    const res = await call(u, 'DELETE', '/cart/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      cart: { items: [], item_count: 0, subtotal: 0, tax_amount: 0, total: 0 },
    });
    expect((await call(u, 'DELETE', '/cart/')).statusCode).toBe(200);
  });
});

describe('live pricing', () => {
  it('re-prices an open cart when an admin changes the settings', async () => {
    const u = await signedIn(app);
    const admin = await signedIn(app, 'admin');
    await add(u, { product_id: polo, size: 'M', quantity: 3, customizations: nameLeftUsRight });
    expect(await cartOf(u)).toMatchObject({ subtotal: 132, tax_amount: 10.3, total: 142.3 });
    const put = await call(admin, 'PUT', '/settings/', {
      tax_rate: 0.0865,
      shipping_cost: 10,
      customization_cost: 7.5,
    });
    expect(put.statusCode).toBe(200);
    const cart = await cartOf(u);
    // (32 + 2 x 7.50) x 3 = 141.00; tax 141 x 8.65% = 12.1965 -> 12.20
    expect(cart.items[0]).toMatchObject({ unit_customization_price: 15, total_price: 141 });
    expect(cart.items[0]!.customizations.map((c) => c.cost)).toEqual([7.5, 7.5]);
    expect(cart).toMatchObject({ subtotal: 141, tax_rate: 0.0865, tax_amount: 12.2, total: 153.2 });
    await updateSettings(db, { tax_rate: 0.078, shipping_cost: 8, customization_cost: 6 });
    invalidateDecorationPrices(db);
    expect(await cartOf(u)).toMatchObject({ subtotal: 132, total: 142.3 });
  });

  it('re-prices when the product’s price changes, and flags a retired product', async () => {
    const u = await signedIn(app);
    await add(u, { product_id: tee, size: 'M' });
    await db.update(products).set({ basePriceCents: 1999, active: false }).where(eq(products.id, tee));
    const line = (await cartOf(u)).items[0]!;
    expect(line).toMatchObject({ unit_base_price: 19.99, total_price: 19.99, product_available: false });
    await db.update(products).set({ basePriceCents: 1800, active: true }).where(eq(products.id, tee));
  });
});

describe('emptying the cart after an order', () => {
  it('removes the ordered lines only: a line added while the order was being placed stays', async () => {
    const who = await signedIn(app);
    expect((await add(who, { product_id: polo, size: 'M', quantity: 1, customizations: {} })).statusCode).toBe(200);
    const ordered = await loadCart(db, who.id);
    expect((await add(who, { product_id: tee, size: 'L', quantity: 2, customizations: {} })).statusCode).toBe(200);
    await removeOrderedLines(db, ordered.lines);
    const left = await cartOf(who);
    expect(left.items.map((i) => [i.product_id, i.size, i.quantity])).toEqual([[tee, 'L', 2]]);
  });
});
