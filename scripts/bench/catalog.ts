// The catalogue at scale: 200 more garments, each with its own photo in the media table, and a member of a
// department limited to a few of them. Then GET /products/ (whole and limited) and the image route, cold and warm.
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { createSession } from '../../src/server/sessions/sessions';
import { renderUpload, storeImages } from '../../src/server/catalog/media';
import type { Database } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { departments, products, users } from '../../src/server/db/schema';
import { productImageUrl } from '../../src/shared/cart-basics';
import type { Endpoint } from './load';

export const BENCH_GARMENTS = 200;
const API = '/api/v1';

export type CatalogSeeded = { imageUrls: string[]; memberCookie: string; total: number; limitedTo: number };

/** BENCH_GARMENTS more garments, one colour each, every one with its own photo in the media table; their ids and image bases. */
export async function addBenchGarments(db: Database['db']): Promise<{ ids: number[]; bases: string[] }> {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ffffff' } })
    .composite([
      { input: { create: { width: 600, height: 700, channels: 3, background: '#1f2a44' } }, gravity: 'centre' },
    ])
    .jpeg()
    .toBuffer();
  const rendered = await renderUpload(photo);
  const bases: string[] = [];
  for (let i = 0; i < BENCH_GARMENTS; i++) {
    // A distinct tail per garment gives each its own content address, as distinct photos would (one render, not 200).
    const own = rendered.map((r) => ({
      size: r.size,
      bytes: Buffer.concat([r.bytes, Buffer.from([i % 256, i >> 8])]),
    }));
    bases.push(await storeImages(db, { front: own }, false));
  }
  const added = await db
    .insert(products)
    .values(
      bases.map((imageBase, i) => ({
        baseName: `Bench Garment ${i}`,
        color: 'Navy',
        colorHex: '#1f2a44',
        slug: `bench-garment-${i}-navy`,
        category: 'shirts',
        description: 'A garment the benchmark added.',
        basePriceCents: 2000 + i,
        sizes: [
          { label: 'M', upcharge_cents: 0 },
          { label: '2XL', upcharge_cents: 200 },
        ],
        imageBase,
        sortOrder: 1000 + i,
      })),
    )
    .returning({ id: products.id });
  return { ids: added.map((p) => p.id), bases };
}

/** Writes the garments and the limited department straight into the database (the shop is stopped on PGlite). */
export async function seedCatalog(database: Database): Promise<CatalogSeeded> {
  const db = database.db;
  const { ids, bases } = await addBenchGarments(db);
  const limited = ids.slice(0, 12);
  await db.insert(departments).values({
    name: 'Bench Limited Department',
    domains: ['bench-limited.gov'],
    requiresApproval: false,
    productIds: limited,
    requiredProductIds: limited.slice(0, 2),
  });
  const [member] = await db
    .insert(users)
    .values({ email: 'member@bench-limited.gov', profileCompleted: true, needsProfileCompletion: false })
    .returning({ id: users.id });
  const tokens = await createSession(db, member!.id, { userAgent: 'bench' });
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products where active`));
  return {
    imageUrls: bases.map((b) => productImageUrl(b, 250)),
    memberCookie: `session=${tokens.access}`,
    total: Number(count!.n),
    limitedTo: limited.length,
  };
}

export function catalogEndpoints(c: CatalogSeeded): Endpoint[] {
  return [
    {
      name: 'products-200',
      label: `GET ${API}/products/ (guest)`,
      data: `${c.total} products (+${BENCH_GARMENTS} garments)`,
      method: 'GET',
      path: `${API}/products/`,
      baseline: 'row',
    },
    {
      // What a browser asks for: every one sends accept-encoding, and the shop keeps each answer gzipped beside its text.
      name: 'products-200-gzip',
      label: `GET ${API}/products/ (guest, gzip as browsers ask)`,
      data: `${c.total} products (+${BENCH_GARMENTS} garments)`,
      method: 'GET',
      path: `${API}/products/`,
      baseline: 'row',
      // Fixed headers: a per-request setup would cost the load generator, on the same two cores, more than the shop.
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    },
    {
      name: 'products-member',
      label: `GET ${API}/products/ (member of a limited department)`,
      data: `${c.limitedTo} of ${c.total} products`,
      method: 'GET',
      path: `${API}/products/`,
      baseline: 'row',
      vary: () => ({ cookie: c.memberCookie }),
    },
    {
      name: 'image-warm',
      label: 'GET product image 250 px, warm (one file, from the in-process cache)',
      data: `${BENCH_GARMENTS} photos in the media table`,
      method: 'GET',
      path: c.imageUrls[0]!,
      baseline: 'row',
    },
  ];
}

export type ColdImages = { label: string; data: string; ms: number[]; status: number };

/** Each photo's first read after a start: the media row from the database, then cached. One request at a time. */
export async function coldImages(base: string, urls: string[]): Promise<ColdImages> {
  const ms: number[] = [];
  let status = 200;
  for (const url of urls) {
    const t0 = performance.now();
    const res = await fetch(base + url);
    await res.arrayBuffer();
    ms.push(performance.now() - t0);
    if (res.status !== 200) status = res.status;
  }
  return {
    label: 'GET product image 250 px, cold (first read of each file, one at a time)',
    data: `${urls.length} photos in the media table`,
    ms,
    status,
  };
}
