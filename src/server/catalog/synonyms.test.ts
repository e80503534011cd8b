import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/cart-catalog';
import { filterGarments, NO_FILTER } from '../../shared/catalogue-filter';
import { createTestApp } from '../test/harness';
import { json, signedIn } from '../test/users';

// The store's search in the trade's words, on the catalogue and synonyms GET /products/ delivers
// (docs/product.md#search-in-the-trades-words), and the admin's groups of words.
const { app } = await createTestApp();
const admin = await signedIn(app, 'admin');
const employee = await signedIn(app, 'employee');
const customer = await signedIn(app, 'other');

const catalogue = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/products/' });
  expect(res.statusCode).toBe(200);
  return res.json() as { products: Product[]; search_synonyms: string[][] };
};
/** The garments the store shows for a search, as its cards name them. */
const search = async (q: string) => {
  const { products, search_synonyms } = await catalogue();
  const byBase = new Map<string, Product[]>();
  for (const p of products) byBase.set(p.base_name, [...(byBase.get(p.base_name) ?? []), p]);
  const groups = [...byBase.values()];
  return filterGarments(groups, { ...NO_FILTER, q }, search_synonyms).map((s) => s.match.base_name);
};
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  as: { headers: Record<string, string> } | null,
  payload?: object,
) => app.inject({ method, url: `/api/v1${url}`, headers: { ...json, ...as?.headers }, payload });

describe('search in the trade’s words', () => {
  it('the catalogue comes with the seeded synonyms', async () => {
    const { search_synonyms } = await catalogue();
    expect(search_synonyms).toContainEqual(expect.arrayContaining(['hat', 'cap']));
    expect(search_synonyms).toContainEqual(expect.arrayContaining(['tee', 'tshirt']));
  });

  it.each([
    ['hat', ['Structured Ball Cap']],
    ['cap', ['Structured Ball Cap']],
    ['tshirt', ['Station T-Shirt', 'Long-Sleeve Station Tee']],
    ['tee', ['Station T-Shirt', 'Long-Sleeve Station Tee']],
    ['work shirt', ['Quarter-Zip Job Shirt']],
  ])('"%s" finds %j', async (q, names) => {
    expect((await search(q)).sort()).toEqual([...names].sort());
  });

  it('"jacket", and "jakcet" one typo away, find the jackets and the rest of the outerwear', async () => {
    const { products } = await catalogue();
    const outerwear = new Set(products.filter((p) => p.category === 'outerwear').map((p) => p.base_name));
    expect(outerwear).toContain('Softshell Jacket');
    for (const q of ['jacket', 'jakcet', 'Jackets']) expect(new Set(await search(q)), q).toEqual(outerwear);
  });

  it('a word with two typos finds nothing', async () => {
    expect(await search('jakcat')).toEqual([]);
    expect(await search('hodiee')).toEqual([]);
  });

  it('a group an admin adds is in the store at once; changed and removed, it is gone', async () => {
    expect(await search('beanie')).toEqual([]);
    const made = await send('POST', '/admin/search-synonyms', admin, { words: ['beanie', ' Headwear '] });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().group.id as number;
    expect(made.json().group.words).toEqual(['beanie', 'Headwear']);
    expect(await search('beanie')).toEqual(['Structured Ball Cap']);

    const changed = await send('PUT', `/admin/search-synonyms/${id}`, admin, { words: ['toque', 'headwear'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await search('beanie')).toEqual([]);
    expect(await search('toque')).toEqual(['Structured Ball Cap']);

    const listed = await app.inject({ method: 'GET', url: '/api/v1/admin/search-synonyms', headers: employee.headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().groups).toContainEqual({ id, words: ['toque', 'headwear'] });

    expect((await send('DELETE', `/admin/search-synonyms/${id}`, admin)).statusCode).toBe(200);
    expect(await search('toque')).toEqual([]);
    expect((await send('DELETE', `/admin/search-synonyms/${id}`, admin)).statusCode).toBe(404);
    expect((await send('PUT', `/admin/search-synonyms/${id}`, admin, { words: ['a', 'b'] })).statusCode).toBe(404);
  });

  it('refuses a group of one word, odd characters or a word twice (400), and anyone but an admin', async () => {
    for (const words of [['beanie'], ['beanie', '<b>cap</b>'], ['T-shirt', 'tshirt'], []]) {
      const res = await send('POST', '/admin/search-synonyms', admin, { words });
      expect(res.statusCode, JSON.stringify(words)).toBe(400);
    }
    const body = { words: ['beanie', 'cap'] };
    expect((await send('POST', '/admin/search-synonyms', null, body)).statusCode).toBe(401);
    expect((await send('POST', '/admin/search-synonyms', customer, body)).statusCode).toBe(403);
    expect((await send('POST', '/admin/search-synonyms', employee, body)).statusCode).toBe(403);
    expect(await search('beanie')).toEqual([]);
  });
});
