import fs from 'node:fs/promises';
import path from 'node:path';
import { like, eq, sql } from 'drizzle-orm';
import { productImageUrl } from '../../shared/cart-basics';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { IMAGE_SIZES, storeImages, type Rendered } from './media';
import { invalidateCatalog } from './service';

const SEED_PREFIX = '/images/products/';

/**
 * The seed drawings (drawn by `npm run images` into the web build) become ordinary media on first start: each
 * seeded product whose image_base still points at a drawn file moves to a content-addressed base. Idempotent (a
 * moved product is skipped) and safe with several instances (one takes the lock, the others then find nothing).
 * A product whose drawings are missing keeps its old base, which the static files serve.
 */
export async function importSeedImages(db: Db, roots: string[]): Promise<number> {
  const moved = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727277)`);
    const rows = await tx
      .select()
      .from(products)
      .where(like(products.imageBase, `${SEED_PREFIX}%`));
    let n = 0;
    for (const row of rows) {
      const sides = row.isMultiImage ? (['front', 'back'] as const) : ([undefined] as const);
      const images: Partial<Record<'front' | 'back', Rendered>> = {};
      for (const side of sides) {
        const files = await Promise.all(
          IMAGE_SIZES.map(async (size) => ({
            size,
            bytes: await readFirst(roots, productImageUrl(row.imageBase, size, side)),
          })),
        );
        if (files.some((f) => !f.bytes)) break;
        images[side ?? 'front'] = files as Rendered;
      }
      if (!images.front || (row.isMultiImage && !images.back)) continue;
      const imageBase = await storeImages(tx, images, row.isMultiImage);
      await tx.update(products).set({ imageBase }).where(eq(products.id, row.id));
      n += 1;
    }
    return n;
  });
  if (moved) invalidateCatalog(db);
  return moved;
}

async function readFirst(roots: string[], url: string): Promise<Buffer | null> {
  for (const root of roots) {
    const bytes = await fs.readFile(path.join(root, url)).catch(() => null);
    if (bytes) return bytes;
  }
  return null;
}
