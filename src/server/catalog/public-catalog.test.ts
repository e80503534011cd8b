import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productSchema } from '../../shared/cart-catalog';
import { products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { someProducts } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';
import { invalidateCatalog } from './service';

// The catalogue a guest sees (the landing page's): the shared answer only, never a limited department's
// narrowed list or its required marks, never a product staff took off sale, and no staff fields.
const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const [kept, required, retired] = await someProducts(app, 3);

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const guestList = async (headers: Record<string, string> = {}) => {
  const res = await get('/products/', headers);
  expect(res.statusCode).toBe(200);
  return { res, list: res.json().products as Record<string, unknown>[] };
};

// What a guest may read of a product: the public schema's fields, less the member-only required mark.
const PUBLIC_FIELDS = Object.keys(productSchema.shape)
  .filter((k) => k !== 'required')
  .sort();

const dept = await app.inject({
  method: 'POST',
  url: '/api/v1/departments/',
  headers: admin.headers,
  payload: {
    name: 'Public Catalogue Fire',
    domains: ['publiccat.gov'],
    requires_approval: false,
    product_ids: [kept!.id, required!.id],
    required_product_ids: [required!.id],
  },
});
expect(dept.statusCode).toBe(201);
const member: SignedIn = await signedIn(app, 'other', { email: 'crew@publiccat.gov' });

describe('the public catalogue (GET /products/ as a guest)', () => {
  it('answers exactly the public fields of every active product, cacheable by anyone', async () => {
    const { res, list } = await guestList();
    expect(list.length).toBeGreaterThanOrEqual(18);
    for (const p of list) expect(Object.keys(p).sort()).toEqual(PUBLIC_FIELDS);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  it("never carries a limited department's list or required marks, before or after its member asked", async () => {
    const before = (await guestList()).list;
    const mine = await get('/products/', member.headers);
    const theirs = mine.json().products as { id: number; required?: boolean }[];
    expect(theirs.map((p) => p.id).sort()).toEqual([kept!.id, required!.id].sort());
    expect(theirs.find((p) => p.id === required!.id)!.required).toBe(true);
    expect(mine.headers['cache-control']).toMatch(/^private/);

    for (const headers of [{}, { cookie: 'session=not-a-session' }] as Record<string, string>[]) {
      const { res, list } = await guestList(headers);
      expect(list).toEqual(before);
      expect(list.some((p) => 'required' in p)).toBe(false);
      expect(res.headers['cache-control']).toMatch(/^public/);
      expect(res.headers.vary).toContain('cookie');
    }
    const one = await get(`/products/${required!.slug}`);
    expect(one.json().product).not.toHaveProperty('required');
  });

  it('drops a product staff took off sale from the list, its siblings and its own page', async () => {
    await db.update(products).set({ active: false }).where(eq(products.id, retired!.id));
    invalidateCatalog(db);
    try {
      const { list } = await guestList();
      expect(list.some((p) => p.id === retired!.id)).toBe(false);
      const siblings = list.flatMap((p) => (p.colors as { slug: string }[]).map((c) => c.slug));
      expect(siblings).not.toContain(retired!.slug);
      expect((await get(`/products/${retired!.slug}`)).statusCode).toBe(404);
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.id, retired!.id));
      invalidateCatalog(db);
    }
  });
});
