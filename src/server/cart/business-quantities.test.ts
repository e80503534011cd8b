import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../../shared/cart';
import { ROSTER_TEMPLATE } from '../../shared/cart-runs';
import { products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { cartCount } from '../test/orders';
import { json, signedIn, type SignedIn } from '../test/users';

// Quantity breaks, size runs and rosters through the API (docs/product.md#quantity-price-breaks,
// docs/product.md#size-runs-and-rosters).
const { app } = await createTestApp();
const db = app.deps.db;
const productId = async (slug: string) =>
  (await db.select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]!.id;
const poloNavy = await productId('duty-polo-navy');
const poloBlack = await productId('duty-polo-black');
const tee = await productId('station-tee-black');
const admin = await signedIn(app, 'admin');

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? who.headers : json,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const cartOf = async (who: SignedIn) => (await call(who, 'GET', '/cart/')).json().cart as Cart;
const nameLeft = { add_name: { enabled: true, position: 'left_side' } };
const breaksOf = (a: { adjustments: { kind: string; label: string; amount: number }[] }) =>
  a.adjustments.filter((x) => x.kind === 'quantity_break');

describe('access', () => {
  it('refuses guests, and employees may read but not change the shop-wide breaks', async () => {
    expect(
      (await call(null, 'POST', '/cart/items/run', { product_id: poloNavy, quantities: { M: 1 } })).statusCode,
    ).toBe(401);
    expect((await call(null, 'POST', '/cart/roster', { product_id: poloNavy, csv: 'Ann,M' })).statusCode).toBe(401);
    const staff = await signedIn(app, 'employee');
    expect((await call(staff, 'GET', '/admin/quantity-breaks')).statusCode).toBe(200);
    expect((await call(staff, 'PUT', '/admin/quantity-breaks', { breaks: [] })).statusCode).toBe(403);
    expect((await call(staff, 'PUT', `/admin/products/${poloNavy}/quantity-breaks`, { breaks: null })).statusCode).toBe(
      403,
    );
    const customer = await signedIn(app);
    expect((await call(customer, 'GET', '/admin/quantity-breaks')).statusCode).toBe(403);
  });
});

describe('quantity breaks', () => {
  it('the seed ships 12+ 5%, 24+ 10%, 48+ 15%, shown on the product with the price each', async () => {
    const res = await call(admin, 'GET', '/admin/quantity-breaks');
    expect(res.json().breaks).toEqual([
      { min_quantity: 12, unit_price: null, percent_off: 5 },
      { min_quantity: 24, unit_price: null, percent_off: 10 },
      { min_quantity: 48, unit_price: null, percent_off: 15 },
    ]);
    const product = (await call(null, 'GET', '/products/duty-polo-navy')).json().product;
    expect(product.quantity_breaks).toEqual([
      { min_quantity: 12, unit_price: 30.4, percent_off: 5 },
      { min_quantity: 24, unit_price: 28.8, percent_off: 10 },
      { min_quantity: 48, unit_price: 27.2, percent_off: 15 },
    ]);
  });

  it('counts one garment over its colours and sizes, discounts the garment and not its decorations', async () => {
    const user = await signedIn(app);
    // 8 navy M with a name, 2 navy 2XL (a $2 upcharge), 1 black L: 11 polos, no break yet.
    await call(user, 'POST', '/cart/items', {
      product_id: poloNavy,
      size: 'M',
      quantity: 8,
      customizations: { add_name: { enabled: true, position: 'left_side', text: 'Garcia' } },
    });
    await call(user, 'POST', '/cart/items', { product_id: poloNavy, size: '2XL', quantity: 2 });
    await call(user, 'POST', '/cart/items', { product_id: poloBlack, size: 'L', quantity: 1 });
    await call(user, 'POST', '/cart/items', { product_id: tee, size: 'M', quantity: 11 });
    let cart = await cartOf(user);
    expect(breaksOf(cart)).toEqual([]);
    expect(cart.break_hints).toContainEqual({
      base_name: 'Duty Polo',
      quantity: 11,
      applied: null,
      next: 'Add 1 more for $30.40 each (5% off)',
    });
    // One more black polo: 12 polos in two colours reach 5 % off; the 11 tees stay at full price.
    await call(user, 'POST', '/cart/items', { product_id: poloBlack, size: 'L', quantity: 1 });
    cart = await cartOf(user);
    // 10 x $32.00 at 5 % = 160 c each; 2 x $34.00 = 170 c each: 1,600 + 340.
    expect(breaksOf(cart)).toEqual([
      { kind: 'quantity_break', label: 'Duty Polo x 12, 12 or more: $30.40 each (5% off)', amount: -19.4 },
    ]);
    expect(cart.break_hints).toContainEqual({
      base_name: 'Duty Polo',
      quantity: 12,
      applied: '12 or more: $30.40 each (5% off)',
      next: 'Add 12 more for $28.80 each (10% off)',
    });
    // Tax falls on the subtotal less the break.
    const taxable = Math.round(cart.subtotal * 100) - 1940;
    expect(Math.round(cart.tax_amount * 100)).toBe(Math.floor((taxable * 78_000 + 500_000) / 1_000_000));
    // The quote and the order agree to the cent.
    const quote = (await call(user, 'GET', '/checkout/quote?fulfillment=pickup')).json().quote;
    const placed = await call(user, 'POST', '/orders/', { fulfillment: 'pickup' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect(order.adjustments).toEqual(quote.adjustments);
    expect(order.total).toBe(quote.total);
    expect(order.total).toBe(cart.total);
  });

  it('a garment’s own breaks (a unit price) apply to all its colours; null gives it back the shop’s', async () => {
    const bad = await call(admin, 'PUT', `/admin/products/${poloNavy}/quantity-breaks`, {
      breaks: [
        { min_quantity: 10, unit_price: 25 },
        { min_quantity: 10, percent_off: 20 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({
      field: 'breaks.1.min_quantity',
      message: 'List the breaks from the smallest quantity up, each quantity once',
    });
    const both = await call(admin, 'PUT', `/admin/products/${poloNavy}/quantity-breaks`, {
      breaks: [{ min_quantity: 10, unit_price: 25, percent_off: 5 }],
    });
    expect(both.json().detail).toBe('Give each break a unit price or a percent off, not both');
    const ok = await call(admin, 'PUT', `/admin/products/${poloNavy}/quantity-breaks`, {
      breaks: [{ min_quantity: 6, unit_price: 28.8 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().product.own_quantity_breaks).toEqual([{ min_quantity: 6, unit_price: 28.8, percent_off: null }]);
    const black = (await call(null, 'GET', '/products/duty-polo-black')).json().product;
    expect(black.quantity_breaks).toEqual([{ min_quantity: 6, unit_price: 28.8, percent_off: null }]);

    const user = await signedIn(app);
    await call(user, 'POST', '/cart/items', { product_id: poloNavy, size: '3XL', quantity: 3 });
    await call(user, 'POST', '/cart/items', { product_id: poloBlack, size: 'S', quantity: 3 });
    // $32.00 down to $28.80 on every piece; the 3XL keeps its $3.00 upcharge on top.
    expect(breaksOf(await cartOf(user))).toEqual([
      { kind: 'quantity_break', label: 'Duty Polo x 6, 6 or more: $28.80 each', amount: -19.2 },
    ]);

    expect(
      (await call(admin, 'PUT', `/admin/products/${poloBlack}/quantity-breaks`, { breaks: null })).json().product
        .own_quantity_breaks,
    ).toBeNull();
    expect(breaksOf(await cartOf(user))).toEqual([]);
  });

  it('shop-wide breaks take a percent off only, and a change applies to open carts at once', async () => {
    const bad = await call(admin, 'PUT', '/admin/quantity-breaks', { breaks: [{ min_quantity: 12, unit_price: 20 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Shop-wide breaks take a percent off: garments have different prices');
    for (const [b, message] of [
      [{ min_quantity: 1, percent_off: 5 }, 'The quantity of a break is a whole number from 2 to 10,000'],
      [{ min_quantity: 12, percent_off: 95 }, 'The percent off is a whole number from 1 to 90'],
      [{ min_quantity: 12, percent_off: 2.5 }, 'The percent off is a whole number from 1 to 90'],
    ] as const) {
      const res = await call(admin, 'PUT', '/admin/quantity-breaks', { breaks: [b] });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(message);
    }
    const user = await signedIn(app);
    await call(user, 'POST', '/cart/items', { product_id: tee, size: 'M', quantity: 12 });
    expect(breaksOf(await cartOf(user))).toHaveLength(1);
    const none = await call(admin, 'PUT', '/admin/quantity-breaks', { breaks: [] });
    expect(none.json().breaks).toEqual([]);
    expect(breaksOf(await cartOf(user))).toEqual([]);
    expect((await call(null, 'GET', '/products/station-tee-black')).json().product.quantity_breaks).toEqual([]);
    await call(admin, 'PUT', '/admin/quantity-breaks', {
      breaks: [
        { min_quantity: 12, percent_off: 5 },
        { min_quantity: 24, percent_off: 10 },
        { min_quantity: 48, percent_off: 15 },
      ],
    });
    expect(breaksOf(await cartOf(user))).toHaveLength(1);
  });
});

describe('POST /cart/items/run', () => {
  it('adds one line per size with the same decorations', async () => {
    const user = await signedIn(app);
    const res = await call(user, 'POST', '/cart/items/run', {
      product_id: tee,
      quantities: { S: 2, M: 4, XL: 6 },
      customizations: { us_flag: { enabled: true, position: 'right_side' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('12 pieces added to cart in 3 lines');
    const cart = res.json().cart as Cart;
    expect(cart.items.map((i) => [i.size, i.quantity, i.customizations.map((c) => c.type)])).toEqual([
      ['S', 2, ['us_flag']],
      ['M', 4, ['us_flag']],
      ['XL', 6, ['us_flag']],
    ]);
    expect(breaksOf(cart)).toHaveLength(1);
  });

  it('refuses the whole run with a 400 naming each bad size, and adds nothing', async () => {
    const user = await signedIn(app);
    const unknown = await call(user, 'POST', '/cart/items/run', {
      product_id: tee,
      quantities: { M: 2, XXXXL: 1, '5XL': 3 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'quantities.XXXXL', message: 'Size XXXXL is not offered; choose XS, S, M, L, XL, 2XL, 3XL, 4XL' },
      { field: 'quantities.5XL', message: 'Size 5XL is not offered; choose XS, S, M, L, XL, 2XL, 3XL, 4XL' },
    ]);
    for (const q of [0, 1000, 2.5, '3']) {
      const res = await call(user, 'POST', '/cart/items/run', { product_id: tee, quantities: { S: 1, L: q } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'quantities.L', message: 'Size L: enter a whole number from 1 to 99' },
      ]);
    }
    const empty = await call(user, 'POST', '/cart/items/run', { product_id: tee, quantities: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Enter a quantity for at least one size');
    const badName = await call(user, 'POST', '/cart/items/run', {
      product_id: tee,
      quantities: { S: 1 },
      customizations: { add_name: { enabled: true, position: 'left_side', text: 'R2D2' } },
    });
    expect(badName.statusCode).toBe(400);
    // A merged line over 99 rolls the sizes already added back.
    await call(user, 'POST', '/cart/items', { product_id: tee, size: 'L', quantity: 98 });
    const over = await call(user, 'POST', '/cart/items/run', { product_id: tee, quantities: { S: 5, L: 2 } });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].field).toBe('quantities.L');
    expect(await cartCount(app, user.id)).toBe(1);
  });
});

describe('POST /cart/roster', () => {
  const names = (n: number) =>
    Array.from({ length: n }, (_, i) => `Firefighter ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? 'a' : ''}`);

  it('previews, then adds a named line per row; the order lists every name with its size', async () => {
    const user = await signedIn(app);
    const sizes = ['S', 'M', 'L', 'XL'];
    const csv = `Name,Size,Quantity\r\n${names(30)
      .map((n, i) => `${n},${sizes[i % 4]!.toLowerCase()},${i === 0 ? 2 : ''}`)
      .join('\r\n')}\r\n`;
    const preview = await call(user, 'POST', '/cart/roster', { product_id: poloNavy, csv, customizations: nameLeft });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ added: false, message: '30 rows are ready to add' });
    expect(preview.json().rows[0]).toEqual({ line: 1, name: 'Firefighter A', size: 'S', quantity: 2, error: null });
    expect(await cartCount(app, user.id)).toBe(0);

    const done = await call(user, 'POST', '/cart/roster', {
      product_id: poloNavy,
      csv,
      customizations: [
        { type: 'add_name', position: 'left_side' },
        { type: 'us_flag', position: 'right_side' },
      ],
      commit: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ added: true, message: '31 pieces added to cart in 30 lines' });
    const cart = done.json().cart as Cart;
    expect(cart.items).toHaveLength(30);
    expect(cart.items[29]!.customizations.find((c) => c.type === 'add_name')!.text).toBe('Firefighter Da');
    expect(breaksOf(cart)[0]!.label).toBe('Duty Polo x 31, 24 or more: $28.80 each (10% off)');

    const order = (await call(user, 'POST', '/orders/', { fulfillment: 'pickup' })).json().order;
    expect(order.items).toHaveLength(30);
    expect(
      order.items.map((i: { size: string; customizations: { text: string | null }[] }) => [
        i.customizations[0]!.text,
        i.size,
      ]),
    ).toContainEqual(['Firefighter B', 'M']);
  });

  it('names each bad row, adds nothing on commit, and never answers 5xx', async () => {
    const user = await signedIn(app);
    const csv = [
      'Ann Garcia,M',
      ',L',
      'Bartholomew Richardson,M',
      'Lee,XXXXL',
      '=HYPERLINK("http://x"),M',
      '+1,M',
      '-Ann,M',
      '@SUM(A1),M',
      'Kim,=1+1',
      'Jo,M,0',
      'Jo,M,abc',
      'Jo',
    ].join('\n');
    const preview = await call(user, 'POST', '/cart/roster', { product_id: tee, csv, customizations: nameLeft });
    expect(preview.statusCode, preview.body).toBe(200);
    const errors = preview.json().rows.map((r: { error: string | null }) => r.error);
    const formula = 'A cell cannot start with =, +, - or @ (spreadsheet formulas are refused)';
    expect(errors).toEqual([
      null,
      'Enter the name to embroider',
      'The embroidered name can be at most 20 characters',
      'Size XXXXL is not offered; choose XS, S, M, L, XL, 2XL, 3XL, 4XL',
      formula,
      formula,
      formula,
      formula,
      formula,
      'Quantity must be a whole number from 1 to 99',
      'Quantity must be a whole number from 1 to 99',
      'Each row needs a name and a size, and may add a quantity',
    ]);
    expect(preview.json().message).toBe('11 rows need fixing');

    const commit = await call(user, 'POST', '/cart/roster', {
      product_id: tee,
      csv,
      customizations: nameLeft,
      commit: true,
    });
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toMatchObject({ code: 'ROSTER_INVALID', detail: '11 rows need fixing; nothing was added' });
    expect(commit.json().errors[0]).toEqual({ field: 'rows.2', message: 'Row 2: Enter the name to embroider' });
    expect(await cartCount(app, user.id)).toBe(0);
  });

  it('caps a roster at 500 rows, needs a place for the name, and refuses an empty CSV', async () => {
    const user = await signedIn(app);
    const big = Array.from({ length: 2000 }, (_, i) => `Name ${String.fromCharCode(65 + (i % 26))},M`).join('\n');
    const res = await call(user, 'POST', '/cart/roster', {
      product_id: tee,
      csv: big,
      customizations: nameLeft,
      commit: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'A roster can have at most 500 rows; this one has 2,000. Split it into smaller rosters.',
    );
    const noName = await call(user, 'POST', '/cart/roster', {
      product_id: tee,
      csv: 'Ann,M',
      customizations: { us_flag: { enabled: true, position: 'left_side' } },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().detail).toBe('Choose where the embroidered name goes');
    const empty = await call(user, 'POST', '/cart/roster', { product_id: tee, csv: ' \n', customizations: nameLeft });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Paste or upload the roster: one row per person, with a name and a size');
    const template = await call(user, 'POST', '/cart/roster', {
      product_id: tee,
      csv: ROSTER_TEMPLATE,
      customizations: nameLeft,
    });
    expect(template.json().rows.map((r: { error: string | null }) => r.error)).toEqual([null, null]);
    expect(await cartCount(app, user.id)).toBe(0);
  });
});
