import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  NOT_IN_DEPARTMENT_CATALOG,
  outsideCatalogLine,
  REQUIRED_NOT_IN_CATALOG,
  unknownProducts,
} from '../../shared/department-catalog';
import { departments, orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup, someProducts } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// Department catalogues (docs/product.md#department-catalogues): the admin API, the store, the cart and checkout.
const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const [A, B, C] = await someProducts(app, 3);
const [allowedA, allowedB, other] = [A!, B!, C!];

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: SignedIn | null, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: who?.headers ?? {}, payload });

let n = 0;
async function department(body: object = {}) {
  n += 1;
  const res = await api('POST', '/departments/', admin, {
    name: `Catalogue Dept ${n}`,
    domains: [`cat${n}.gov`],
    requires_approval: false,
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return { ...res.json().department, domain: `cat${n}.gov` } as {
    id: number;
    domain: string;
    product_ids: number[] | null;
    required_product_ids: number[];
  };
}
const member = (d: { domain: string }) => signedIn(app, 'other', { email: `m${++n}@${d.domain}` });
const storeIds = async (who: SignedIn | null, query = '') =>
  ((await api('GET', `/products/${query}`, who)).json().products as { id: number }[]).map((p) => p.id);
const addToCart = (who: SignedIn, productId: number, size: string) =>
  api('POST', '/cart/items', who, { product_id: productId, size, quantity: 1, customizations: [] });

describe('department catalogues: the admin API', () => {
  it('stores product_ids and required items, answers them, and null means the whole catalogue', async () => {
    const d = await department({
      product_ids: [allowedB.id, allowedA.id, allowedA.id],
      required_product_ids: [allowedA.id],
    });
    expect(d.product_ids).toEqual([allowedA.id, allowedB.id].sort((x, y) => x - y));
    expect(d.required_product_ids).toEqual([allowedA.id]);
    const [row] = await db.select().from(departments).where(eq(departments.id, d.id));
    expect(row!.productIds).toEqual(d.product_ids);

    const whole = await department();
    expect(whole).toMatchObject({ product_ids: null, required_product_ids: [] });

    const opened = await api('PATCH', `/departments/${d.id}`, admin, { product_ids: null });
    expect(opened.statusCode).toBe(200);
    // The required marks stay: required items of the whole catalogue are still meaningful.
    expect(opened.json().department).toMatchObject({ product_ids: null, required_product_ids: [allowedA.id] });
  });

  it.each([
    [{ product_ids: [999_999] }, 'product_ids', unknownProducts([999_999])],
    [
      { product_ids: null, required_product_ids: [999_998, 999_999] },
      'required_product_ids',
      unknownProducts([999_998, 999_999]),
    ],
    [{ product_ids: ['x'] }, 'product_ids', 'The catalogue must be product ids'],
    [{ product_ids: 'all' }, 'product_ids', 'The catalogue must be a list of product ids'],
    [{ required_product_ids: [-1] }, 'required_product_ids', 'Required items must be product ids'],
  ])('refuses %j with 400 naming the field', async (body, field, message) => {
    const before = (await db.select().from(departments)).length;
    const res = await api('POST', '/departments/', admin, { name: 'Bad', requires_approval: false, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
    // The field, with the position of the bad entry where there is one (product_ids.0).
    expect(res.json().errors.map((e: { field: string }) => e.field.split('.')[0])).toContain(field);
    expect((await db.select().from(departments)).length).toBe(before);
  });

  it('refuses required items outside the catalogue, on create and on the merged result of a patch', async () => {
    const made = await api('POST', '/departments/', admin, {
      name: 'Subset',
      requires_approval: false,
      product_ids: [allowedA.id],
      required_product_ids: [other.id],
    });
    expect(made.statusCode).toBe(400);
    expect(made.json().detail).toBe(REQUIRED_NOT_IN_CATALOG);

    const d = await department({ product_ids: [allowedA.id, allowedB.id], required_product_ids: [allowedB.id] });
    const narrowed = await api('PATCH', `/departments/${d.id}`, admin, { product_ids: [allowedA.id] });
    expect(narrowed.statusCode).toBe(400);
    expect(narrowed.json().errors[0].field).toBe('required_product_ids');
    const [row] = await db.select().from(departments).where(eq(departments.id, d.id));
    expect(row!.productIds).toEqual([allowedA.id, allowedB.id].sort((x, y) => x - y));
  });

  it('is for admins only', async () => {
    const staff = await signedIn(app, 'employee');
    const d = await department();
    const res = await api('PATCH', `/departments/${d.id}`, staff, { product_ids: [allowedA.id] });
    expect(res.statusCode).toBe(403);
  });
});

describe('department catalogues: the store, the cart and checkout', () => {
  it('shows a limited department only its items, marks the required ones, and narrows the colour choices', async () => {
    const d = await department({ product_ids: [allowedA.id, allowedB.id], required_product_ids: [allowedB.id] });
    const m = await member(d);
    const guestIds = await storeIds(null);
    expect(guestIds.length).toBeGreaterThan(2);
    expect(await storeIds(m)).toEqual(guestIds.filter((id) => id === allowedA.id || id === allowedB.id));

    const list = (await api('GET', '/products/', m)).json().products as { id: number; required?: boolean }[];
    expect(list.find((p) => p.id === allowedB.id)?.required).toBe(true);
    expect(list.find((p) => p.id === allowedA.id)?.required).toBeUndefined();
    const limitedAnswer = await api('GET', '/products/', m);
    expect(limitedAnswer.headers['cache-control']).toMatch(/^private/);

    const one = await api('GET', `/products/${allowedA.slug}`, m);
    expect(one.statusCode).toBe(200);
    const allowedSlugs = new Set([allowedA.slug, allowedB.slug]);
    for (const c of one.json().product.colors as { slug: string }[]) expect(allowedSlugs.has(c.slug)).toBe(true);
    expect((await api('GET', `/products/${other.slug}`, m)).statusCode).toBe(404);
    expect((await api('GET', `/products/${other.slug}`, null)).statusCode).toBe(200);

    // Everyone else keeps the shared answer.
    const outsider = await signedIn(app, 'other');
    expect(await storeIds(outsider)).toEqual(guestIds);
    expect((await api('GET', '/products/', null)).headers['cache-control']).toMatch(/^public/);
  });

  it('follows a change at once: widening the catalogue shows the item to members', async () => {
    const d = await department({ product_ids: [allowedA.id] });
    const m = await member(d);
    expect(await storeIds(m)).toEqual([allowedA.id]);
    await api('PATCH', `/departments/${d.id}`, admin, { product_ids: [allowedA.id, other.id] });
    expect((await storeIds(m)).sort()).toEqual([allowedA.id, other.id].sort());
  });

  it('refuses to add an item outside the catalogue with 403 and adds an allowed one', async () => {
    const d = await department({ product_ids: [allowedA.id] });
    const m = await member(d);
    const refused = await addToCart(m, other.id, other.sizes[0]!.label);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(NOT_IN_DEPARTMENT_CATALOG);
    const cart = await api('GET', '/cart/', m);
    expect(cart.json().cart.items).toHaveLength(0);
    expect((await addToCart(m, allowedA.id, allowedA.sizes[0]!.label)).statusCode).toBe(200);
  });

  it('blocks checkout of a line the department no longer offers and says why', async () => {
    const d = await department();
    const m = await member(d);
    await fillCart(app, m.id, [{ productId: allowedA.id }, { productId: other.id }]);
    await api('PATCH', `/departments/${d.id}`, admin, { product_ids: [allowedA.id] });

    const cart = (await api('GET', '/cart/', m)).json().cart;
    const line = cart.items.find((i: { product_id: number }) => i.product_id === other.id);
    const name = `${other.baseName} - ${other.color}`;
    expect(line).toMatchObject({ product_available: false, unavailable_reason: outsideCatalogLine(name) });
    const quote = (await api('GET', '/checkout/quote?fulfillment=pickup', m)).json().quote;
    expect(quote.blocked).toEqual([{ item_id: line.id, reason: outsideCatalogLine(name) }]);

    const placed = await api('POST', '/orders/', m, pickup);
    expect(placed.statusCode).toBe(403);
    expect(placed.json().detail).toBe(outsideCatalogLine(name));
    expect(await db.select().from(orders).where(eq(orders.userId, m.id))).toHaveLength(0);

    await api('DELETE', `/cart/items/${line.id}`, m);
    expect((await api('POST', '/orders/', m, pickup)).statusCode).toBe(201);
  });
});
