import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../shared/catalog-admin';
import { orderLines, products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { pickup } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;

const admin = await signedIn(app, 'admin');
const employee = await signedIn(app, 'employee');
const customer = await signedIn(app, 'other');

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? who.headers : { 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
const garment = (over: Record<string, unknown> = {}) => ({
  base_name: `Test Garment ${++seq}`,
  category: 'shirts',
  description: 'A test shirt',
  base_price: 25,
  sizes: [
    { label: 'M', upcharge: 0 },
    { label: '2XL', upcharge: 2.5 },
  ],
  color: 'Navy',
  color_hex: '#1f2a44',
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await call(admin, 'POST', '/admin/products/', garment(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as AdminProduct;
};
const publicSlugs = async () =>
  ((await call(null, 'GET', '/products/')).json().products as { slug: string }[]).map((p) => p.slug);

describe('GET /admin/products/', () => {
  it('lists every product, inactive ones too, to admins and employees; refuses customers and guests', async () => {
    const off = await create({ active: false });
    for (const who of [admin, employee]) {
      const res = await call(who, 'GET', '/admin/products/');
      expect(res.statusCode).toBe(200);
      const found = (res.json().products as AdminProduct[]).find((p) => p.id === off.id)!;
      expect(found).toMatchObject({ active: false, base_name: off.base_name, images: { front: false, back: false } });
    }
    expect((await call(customer, 'GET', '/admin/products/')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/admin/products/')).statusCode).toBe(401);
    expect(await publicSlugs()).not.toContain(off.slug);
  });
});

describe('POST /admin/products/', () => {
  it('creates a garment in a colour, and a second colour beside it, both in the store at once', async () => {
    const navy = await create({
      base_name: 'Brush Jacket',
      customizations: [{ type: 'add_name', sides: ['left_side'] }],
    });
    expect(navy).toMatchObject({
      slug: 'brush-jacket-navy',
      name: 'Brush Jacket - Navy',
      base_price: 25,
      price: 25,
      sizes: [
        { label: 'M', upcharge: 0 },
        { label: '2XL', upcharge: 2.5 },
      ],
      active: true,
      is_multi_image: false,
      customizations: [{ type: 'add_name', sides: ['left_side'] }],
    });
    const [row] = await db.select().from(products).where(eq(products.id, navy.id));
    expect(row).toMatchObject({
      basePriceCents: 2500,
      sizes: [
        { label: 'M', upcharge_cents: 0 },
        { label: '2XL', upcharge_cents: 250 },
      ],
    });
    const red = await create({ base_name: 'Brush Jacket', color: 'Fire Red', color_hex: '#A3202A' });
    expect(red.color_hex).toBe('#a3202a');
    expect(red.colors.map((c) => c.slug)).toEqual(['brush-jacket-navy']);
    const store = (await call(null, 'GET', '/products/')).json().products as {
      slug: string;
      colors: { slug: string }[];
    }[];
    expect(store.find((p) => p.slug === 'brush-jacket-navy')!.colors.map((c) => c.slug)).toEqual([
      'brush-jacket-fire-red',
    ]);
  });

  it.each([
    ['a negative price', { base_price: -1 }, 'base_price'],
    ['a price above 10,000', { base_price: 10_000.01 }, 'base_price'],
    ['an upcharge that is not whole cents', { sizes: [{ label: 'M', upcharge: 1.005 }] }, 'sizes.0.upcharge'],
    [
      'duplicate sizes',
      {
        sizes: [
          { label: 'M', upcharge: 0 },
          { label: 'm', upcharge: 1 },
        ],
      },
      'sizes.1.label',
    ],
    ['a bad swatch', { color_hex: 'navy' }, 'color_hex'],
    [
      'an unknown customisation',
      { customizations: [{ type: 'glitter', sides: ['left_side'] }] },
      'customizations.0.type',
    ],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_what, over, field) => {
    const before = await db.$count(products);
    const res = await call(admin, 'POST', '/admin/products/', garment(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await db.$count(products)).toBe(before);
  });

  it('answers 409 for a slug or a colour the garment already has', async () => {
    const first = await create();
    const slug = await call(admin, 'POST', '/admin/products/', garment({ slug: first.slug, base_name: 'Other' }));
    expect(slug.statusCode).toBe(409);
    expect(slug.json().errors).toEqual([{ field: 'slug', message: 'Another product already uses this slug' }]);
    const colour = await call(
      admin,
      'POST',
      '/admin/products/',
      garment({ base_name: first.base_name, color: 'navy', slug: 'x-y' }),
    );
    expect(colour.statusCode).toBe(409);
    expect(colour.json().errors[0].field).toBe('color');
    const dup = await call(admin, 'POST', '/admin/products/', garment({ slug: 'duty-polo-navy' }));
    expect(dup.statusCode).toBe(409);
  });

  it('refuses employees (403) and customers (403)', async () => {
    expect((await call(employee, 'POST', '/admin/products/', garment())).statusCode).toBe(403);
    expect((await call(customer, 'POST', '/admin/products/', garment())).statusCode).toBe(403);
  });
});

describe('PATCH /admin/products/:id', () => {
  it('applies a new price to open carts at once, says it changed, and never touches a placed order', async () => {
    const p = await create({ base_price: 20 });
    const buyer = await signedIn(app, 'other');
    const add = await call(buyer, 'POST', '/cart/items', { product_id: p.id, size: '2XL', quantity: 1 });
    expect(add.statusCode, add.body).toBe(200);
    const placed = await signedIn(app, 'other');
    await call(placed, 'POST', '/cart/items', { product_id: p.id, size: 'M', quantity: 1 });
    const order = await call(placed, 'POST', '/orders/', pickup);
    expect(order.statusCode, order.body).toBe(201);

    const res = await call(admin, 'PATCH', `/admin/products/${p.id}`, {
      base_price: 24,
      sizes: [{ label: '2XL', upcharge: 3 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ base_price: 24, sizes: [{ label: '2XL', upcharge: 3 }] });

    const cart = (await call(buyer, 'GET', '/cart/')).json().cart;
    expect(cart.items[0]).toMatchObject({ unit_base_price: 27, price_changed: true, previous_unit_price: 22.5 });
    expect((await call(null, 'GET', `/products/${p.slug}`)).json().product.base_price).toBe(24);
    const [line] = await db.select().from(orderLines).where(eq(orderLines.productId, p.id));
    expect(line!.unitBaseCents).toBe(2000);
  });

  it('deactivates: gone from the store at once, still in the cart, where checkout refuses it and says why', async () => {
    const p = await create();
    const buyer = await signedIn(app, 'other');
    await call(buyer, 'POST', '/cart/items', { product_id: p.id, size: 'M', quantity: 1 });
    expect(await publicSlugs()).toContain(p.slug);
    expect((await call(admin, 'PATCH', `/admin/products/${p.id}`, { active: false })).statusCode).toBe(200);
    expect(await publicSlugs()).not.toContain(p.slug);
    const cart = (await call(buyer, 'GET', '/cart/')).json().cart;
    expect(cart.items[0]).toMatchObject({ product_available: false, product_name: p.name });
    const order = await call(buyer, 'POST', '/orders/', pickup);
    expect(order.statusCode).toBe(400);
    expect(order.json().detail).toBe(`${p.name} is no longer available. Remove it from your cart to continue.`);
  });

  it('refuses a customisation the garment does not take when adding to the cart', async () => {
    const cap = await create({ customizations: [{ type: 'add_name', sides: ['left_side', 'right_side'] }] });
    const buyer = await signedIn(app, 'other');
    const res = await call(buyer, 'POST', '/cart/items', {
      product_id: cap.id,
      size: 'M',
      customizations: [{ type: 'us_flag', position: 'left_side' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(`${cap.base_name} does not take a US flag patch`);
  });

  it('validates like create, 409s a taken slug, 404s an unknown id, and refuses employees', async () => {
    const p = await create();
    expect((await call(admin, 'PATCH', `/admin/products/${p.id}`, { base_price: 10_001 })).statusCode).toBe(400);
    expect((await call(admin, 'PATCH', `/admin/products/${p.id}`, {})).statusCode).toBe(400);
    expect((await call(admin, 'PATCH', `/admin/products/${p.id}`, { slug: 'duty-polo-navy' })).statusCode).toBe(409);
    expect((await call(admin, 'PATCH', '/admin/products/999999', { active: false })).statusCode).toBe(404);
    expect((await call(employee, 'PATCH', `/admin/products/${p.id}`, { active: false })).statusCode).toBe(403);
    const [row] = await db.select().from(products).where(eq(products.id, p.id));
    expect(row!.active).toBe(true);
  });
});
