import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productSchema, type Product } from '../../shared/cart-catalog';
import { products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { invalidateCatalog } from './service';

const { app } = await createTestApp();
const list = async (query = '') => {
  const res = await app.inject({ method: 'GET', url: `/api/v1/products/${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().products as Product[];
};

describe('GET /products/', () => {
  it('lists every active product with sizes in dollars and the other colours of its base', async () => {
    const all = await list();
    expect(all.length).toBeGreaterThanOrEqual(18);
    for (const p of all) expect(productSchema.safeParse(p).success).toBe(true);
    const polo = all.find((p) => p.slug === 'duty-polo-navy')!;
    expect(polo).toMatchObject({
      name: 'Duty Polo - Navy',
      base_name: 'Duty Polo',
      price: 32,
      base_price: 32,
      category: 'polos',
      color: 'Navy',
    });
    expect(polo.image_base).toBe('/images/products/duty-polo-navy');
    expect(polo.sizes).toContainEqual({ label: '2XL', upcharge: 2 });
    expect(polo.colors.map((c) => c.slug)).toEqual(['duty-polo-black', 'duty-polo-royal-blue', 'duty-polo-fire-red']);
    expect(all.find((p) => p.slug === 'softshell-jacket-black')!.is_multi_image).toBe(true);
  });

  it('filters by category and answers an empty list for an unknown one', async () => {
    const polos = await list('?category=polos');
    expect(polos.length).toBe(4);
    expect(polos.every((p) => p.category === 'polos')).toBe(true);
    expect(await list('?category=spaceships')).toEqual([]);
  });

  it('sends an ETag and Cache-Control and answers 304 when the ETag matches', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/products/' });
    expect(first.headers['cache-control']).toContain('max-age');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ method: 'GET', url: '/api/v1/products/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the same catalogue gzipped to a client that accepts it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/v1/products/' });
    const zipped = await app.inject({
      method: 'GET',
      url: '/api/v1/products/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('drops an inactive product once the catalogue is invalidated, and from its siblings’ colours', async () => {
    await app.deps.db.update(products).set({ active: false }).where(eq(products.slug, 'duty-polo-fire-red'));
    invalidateCatalog(app.deps.db);
    const all = await list();
    expect(all.some((p) => p.slug === 'duty-polo-fire-red')).toBe(false);
    expect(all.find((p) => p.slug === 'duty-polo-navy')!.colors.map((c) => c.slug)).not.toContain('duty-polo-fire-red');
    const gone = await app.inject({ method: 'GET', url: '/api/v1/products/duty-polo-fire-red' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, detail: 'Product not found', message: 'Product not found' });
    await app.deps.db.update(products).set({ active: true }).where(eq(products.slug, 'duty-polo-fire-red'));
    invalidateCatalog(app.deps.db);
  });
});

describe('GET /products/:slug', () => {
  it('answers one product', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/products/pullover-hoodie-navy' });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({
      slug: 'pullover-hoodie-navy',
      name: 'Pullover Hoodie - Navy',
      is_multi_image: true,
    });
  });

  it('answers 404 Product not found for an unknown slug', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/products/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, detail: 'Product not found' });
  });
});
