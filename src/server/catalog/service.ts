import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import type { Product } from '../../shared/cart-catalog';
import type { SynonymGroup } from '../../shared/search-words';
import { takenNow } from '../../shared/decorations';
import { toDollars } from '../../shared/money';
import { firstCardImages } from '../../shared/store-cards';
import type { Executor } from '../db/client';
import { departments, products, settings } from '../db/schema';
import { breaksAnswer, type QuantityBreak } from '../../shared/quantity-breaks';
import { departmentOf } from '../departments';
import { decorationPrices } from '../settings';
import { departmentCatalog, shapesStore, type DepartmentScope } from './department-catalog';
import { synonymGroups } from './synonyms';

type ProductRow = typeof products.$inferSelect;

/** A product as the API answers it; its quantity breaks are its garment's own, else the shop's. */
export function productDto(row: ProductRow, all: ProductRow[], shopBreaks: QuantityBreak[]): Product {
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
    size_chart: row.sizeChart,
    customizations: row.customizations,
    colors: all
      .filter((o) => o.baseName === row.baseName && o.id !== row.id)
      .map((o) => ({ slug: o.slug, color: o.color, color_hex: o.colorHex })),
    quantity_breaks: breaksAnswer(row.quantityBreaks ?? shopBreaks, row.basePriceCents),
  };
}

/** The shop-wide quantity breaks (the settings row's). */
export async function shopBreaks(db: Executor): Promise<QuantityBreak[]> {
  const [row] = await db.select({ breaks: settings.quantityBreaks }).from(settings).where(eq(settings.id, 1));
  return row?.breaks ?? [];
}

/**
 * The store's products. Each offers the decorations it takes as today's kinds allow (active kinds, on positions the
 * kind takes), as the cart judges them: a kind an admin switched off leaves the store at once (its change drops this
 * cache), while the garment keeps its ticks for when it is offered again.
 */
export async function activeProducts(db: Executor): Promise<Product[]> {
  const [rows, breaks, { kinds }] = await Promise.all([
    db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder), asc(products.id)),
    shopBreaks(db),
    decorationPrices(db),
  ]);
  return rows.map((r) => ({
    ...productDto(r, rows, breaks),
    customizations: takenNow(r.customizations, kinds).filter((c) => c.sides.length > 0),
  }));
}

/**
 * A ready-to-send answer: the JSON as bytes, its gzip form (the catalogue is the store's first data, 16 kB as text,
 * 185 kB at 221 products) and its strong ETag, built once and reused until it expires. Bytes, not text: a string
 * would be encoded to UTF-8 again on every answer.
 */
export type CachedAnswer = { body: Buffer; gzip: Buffer; etag: string };

export const cachedAnswer = (payload: unknown): CachedAnswer => {
  const text = JSON.stringify(payload);
  const body = Buffer.from(text, 'utf8');
  return {
    body,
    gzip: zlib.gzipSync(body, { level: 9 }),
    etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
  };
};

type Answers = { list: Map<string, CachedAnswer>; bySlug: Map<string, CachedAnswer> };

export type Catalog = Answers & {
  /** The images the store's first cards show, hinted in the /store page (see http/spa.ts). */
  firstImages: string[];
  /** The answers a signed-in member sees: the whole catalogue's, or their limited department's (built once each). */
  forMember(email: string): Answers;
};

type DepartmentFacts = DepartmentScope & Pick<typeof departments.$inferSelect, 'memberEmails' | 'domains'>;

/** `synonyms`: the search's groups of words, delivered with the catalogue the store searches in the browser. */
function answersOf(all: Product[], synonyms: SynonymGroup[]): Answers {
  const answer = (products: Product[]) => cachedAnswer({ success: true, products, search_synonyms: synonyms });
  const list = new Map<string, CachedAnswer>([['', answer(all)]]);
  for (const category of new Set(all.map((p) => p.category)))
    list.set(category, answer(all.filter((p) => p.category === category)));
  const bySlug = new Map(all.map((p) => [p.slug, cachedAnswer({ success: true, product: p })]));
  return { list, bySlug };
}

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
    const [all, synonyms, depts] = await Promise.all([
      activeProducts(this.db),
      synonymGroups(this.db),
      this.db
        .select({
          id: departments.id,
          memberEmails: departments.memberEmails,
          domains: departments.domains,
          productIds: departments.productIds,
          requiredProductIds: departments.requiredProductIds,
        })
        .from(departments),
    ]);
    const whole = answersOf(all, synonyms);
    // Departments and catalogues expire together: a change to either calls invalidateCatalog().
    const scoped = new Map<number, Answers>();
    const forMember = (email: string): Answers => {
      const d: DepartmentFacts | null = departmentOf(depts, email);
      if (!shapesStore(d)) return whole;
      let found = scoped.get(d.id);
      if (!found) scoped.set(d.id, (found = answersOf(departmentCatalog(all, d), synonyms)));
      return found;
    };
    return { ...whole, firstImages: firstCardImages(all), forMember };
  }
}

const caches = new WeakMap<object, CatalogCache>();

/** One cache per database handle, so separate apps (tests, instances) never share answers. */
export function catalogCache(db: Executor): CatalogCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new CatalogCache(db)));
  return c;
}

/** Call after any change to the products or departments table. */
export const invalidateCatalog = (db: Executor) => caches.get(db)?.invalidate();

/** The active catalogue as one customer sees it: their department's when it limits it, else the whole of it. */
export async function productsFor(db: Executor, department: DepartmentScope | null): Promise<Product[]> {
  const all = await activeProducts(db);
  return shapesStore(department) ? departmentCatalog(all, department) : all;
}
