import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import type { Product } from '../../shared/cart-catalog';
import { toDollars } from '../../shared/money';
import type { Executor } from '../db/client';
import { products } from '../db/schema';

type ProductRow = typeof products.$inferSelect;

export function productDto(row: ProductRow, all: ProductRow[]): Product {
  const price = toDollars(row.basePriceCents);
  return {
    id: row.id,
    name: `${row.baseName} - ${row.color}`,
    base_name: row.baseName,
    slug: row.slug,
    category: row.category,
    description: row.description,
    price,
    base_price: price,
    is_multi_image: row.isMultiImage,
    image_base: row.imageBase,
    color: row.color,
    color_hex: row.colorHex,
    sizes: row.sizes.map((s) => ({ label: s.label, upcharge: toDollars(s.upcharge_cents) })),
    colors: all
      .filter((o) => o.baseName === row.baseName && o.id !== row.id)
      .map((o) => ({ slug: o.slug, color: o.color, color_hex: o.colorHex })),
  };
}

export async function activeProducts(db: Executor): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.sortOrder), asc(products.id));
  return rows.map((r) => productDto(r, rows));
}

/**
 * A ready-to-send answer: the JSON text, its gzip form (the catalogue is the store's first data, 16 kB as text)
 * and its strong ETag, built once and reused until it expires.
 */
export type CachedAnswer = { body: string; gzip: Buffer; etag: string };

export const cachedAnswer = (payload: unknown): CachedAnswer => {
  const body = JSON.stringify(payload);
  return {
    body,
    gzip: zlib.gzipSync(body, { level: 9 }),
    etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
  };
};

export type Catalog = { list: Map<string, CachedAnswer>; bySlug: Map<string, CachedAnswer> };

/**
 * The catalogue changes rarely and every store visit starts with it, so the built answers live in memory
 * for a short TTL (several instances converge within it) and are dropped at once by invalidateCatalog().
 */
export class CatalogCache {
  private built: { at: number; catalog: Promise<Catalog> } | null = null;
  constructor(
    private readonly db: Executor,
    private readonly ttlMs = 30_000,
  ) {}

  get(): Promise<Catalog> {
    const now = Date.now();
    if (!this.built || now - this.built.at > this.ttlMs) {
      const catalog = this.build();
      this.built = { at: now, catalog };
      // A failed build must not stick: the next request tries again.
      catalog.catch(() => {
        if (this.built?.catalog === catalog) this.built = null;
      });
    }
    return this.built.catalog;
  }

  invalidate() {
    this.built = null;
  }

  private async build(): Promise<Catalog> {
    const all = await activeProducts(this.db);
    const list = new Map<string, CachedAnswer>([['', cachedAnswer({ success: true, products: all })]]);
    for (const category of new Set(all.map((p) => p.category)))
      list.set(category, cachedAnswer({ success: true, products: all.filter((p) => p.category === category) }));
    const bySlug = new Map(all.map((p) => [p.slug, cachedAnswer({ success: true, product: p })]));
    return { list, bySlug };
  }
}

const caches = new WeakMap<object, CatalogCache>();

/** One cache per database handle, so separate apps (tests, instances) never share answers. */
export function catalogCache(db: Executor): CatalogCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new CatalogCache(db)));
  return c;
}

/** Call after any change to the products table. */
export const invalidateCatalog = (db: Executor) => caches.get(db)?.invalidate();
