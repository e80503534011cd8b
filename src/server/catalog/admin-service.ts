import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AdminProduct, ImageSide, ProductCreateBody, ProductPatchBody } from '../../shared/catalog-admin';
import { CATALOG_MESSAGES, slugify } from '../../shared/catalog-admin';
import { KIND_MESSAGES } from '../../shared/decorations';
import { toCents } from '../../shared/money';
import type { Db, Executor } from '../db/client';
import { decorationKinds, products, settings, type StoredSizeChart } from '../db/schema';
import { SIZE_CHART_MESSAGES, unknownChartSize } from '../../shared/fit';
import { AppError, badRequest, notFound } from '../http/errors';
import { imagesOf, NO_IMAGE_BASE, sidesWithImages, storeImages, type Rendered } from './media';
import { invalidateCatalog, productDto, shopBreaks } from './service';
import { breakToInput, type QuantityBreak } from '../../shared/quantity-breaks';

type Row = typeof products.$inferSelect;
const ALL_CUSTOMIZATIONS = (['add_name', 'us_flag', 'az_flag'] as const).map((type) => ({
  type,
  sides: ['left_side' as const, 'right_side' as const],
}));

function adminDto(row: Row, all: Row[], withImages: Set<string>, breaks: QuantityBreak[]): AdminProduct {
  return {
    ...productDto(row, all, breaks),
    own_quantity_breaks: row.quantityBreaks ? row.quantityBreaks.map(breakToInput) : null,
    active: row.active,
    images: {
      front: withImages.has(`${row.imageBase}|front`),
      back: row.isMultiImage && withImages.has(`${row.imageBase}|back`),
    },
  };
}

/** Every product, active or not, in catalogue order (a garment's colours together). */
export async function listAdminProducts(db: Executor): Promise<AdminProduct[]> {
  const rows = await db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
  const [withImages, breaks] = await Promise.all([
    sidesWithImages(db, [...new Set(rows.map((r) => r.imageBase))]),
    shopBreaks(db),
  ]);
  return rows.map((r) => adminDto(r, rows, withImages, breaks));
}

async function oneAdminProduct(db: Executor, id: number): Promise<AdminProduct> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound(CATALOG_MESSAGES.notFound);
  const siblings = await db
    .select()
    .from(products)
    .where(eq(products.baseName, row.baseName))
    .orderBy(asc(products.sortOrder), asc(products.id));
  return adminDto(row, siblings, await sidesWithImages(db, [row.imageBase]), await shopBreaks(db));
}

const fieldConflict = (field: 'slug' | 'color', message: string) =>
  new AppError(409, 'CONFLICT', message, { errors: [{ field, message }] });

/** 409 when the slug is taken, or when the garment already has this colour (another row than `exceptId`). */
async function checkUnique(db: Executor, v: { slug: string; baseName: string; color: string }, exceptId?: number) {
  const other = exceptId ? ne(products.id, exceptId) : undefined;
  const [slug] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, v.slug), other));
  if (slug) throw fieldConflict('slug', CATALOG_MESSAGES.slugTaken);
  const [colour] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        sql`lower(${products.baseName}) = lower(${v.baseName})`,
        sql`lower(${products.color}) = lower(${v.color})`,
        other,
      ),
    );
  if (colour) throw fieldConflict('color', CATALOG_MESSAGES.colorTaken);
}

const sizesInCents = (sizes: { label: string; upcharge: number }[]) =>
  sizes.map((s) => ({ label: s.label, upcharge_cents: toCents(s.upcharge) }));

/**
 * The chart a patch leaves. A chart sent alone must fit the sizes the garment keeps (400 otherwise); sizes sent
 * alone drop the rows of the sizes they remove, so the chart never describes a size nobody can order.
 */
function chartAfter(row: Row, body: ProductPatchBody): StoredSizeChart | null | undefined {
  if (body.size_chart !== undefined) {
    const path = unknownChartSize(body.size_chart, body.sizes ?? row.sizes);
    if (path)
      throw badRequest(SIZE_CHART_MESSAGES.unknownSize, [
        { field: path.join('.'), message: SIZE_CHART_MESSAGES.unknownSize },
      ]);
    return body.size_chart;
  }
  if (!body.sizes || !row.sizeChart) return undefined;
  const kept = new Set(body.sizes.map((s) => s.label));
  const rows = row.sizeChart.rows.filter((r) => kept.has(r.size));
  return rows.length ? { measures: row.sizeChart.measures, rows } : null;
}

/** `body` is productCreateSchema's output (the route validated it). */
/** A garment takes only kinds the shop has: a mistyped key would be stored, and never offered or priced. */
async function refuseUnknownKinds(tx: Executor, list: readonly { type: string }[] | undefined): Promise<void> {
  if (!list?.length) return;
  const known = new Set((await tx.select({ key: decorationKinds.key }).from(decorationKinds)).map((k) => k.key));
  const errors = list.flatMap((c, i) =>
    known.has(c.type) ? [] : [{ field: `customizations.${i}.type`, message: KIND_MESSAGES.unknown }],
  );
  if (errors.length) throw badRequest(KIND_MESSAGES.unknown, errors);
}

export async function createProduct(db: Db, body: ProductCreateBody): Promise<AdminProduct> {
  const id = await db.transaction(async (tx) => {
    // Serialises catalogue writes so two admins cannot both pass the uniqueness checks with one slug.
    await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
    const slug = body.slug ?? slugify(`${body.base_name} ${body.color}`);
    await checkUnique(tx, { slug, baseName: body.base_name, color: body.color });
    await refuseUnknownKinds(tx, body.customizations);
    // A new colour of an existing garment sits beside its siblings in the store; a new garment goes last.
    const [sibling] = await tx
      .select({ sortOrder: sql<number>`max(${products.sortOrder})` })
      .from(products)
      .where(eq(products.baseName, body.base_name));
    const [last] = await tx.select({ sortOrder: sql<number>`coalesce(max(${products.sortOrder}), 0)` }).from(products);
    const sortOrder =
      sibling?.sortOrder != null ? Number(sibling.sortOrder) + 1 : Math.ceil((Number(last!.sortOrder) + 1) / 10) * 10;
    const [row] = await tx
      .insert(products)
      .values({
        baseName: body.base_name,
        category: body.category,
        description: body.description,
        basePriceCents: toCents(body.base_price),
        sizes: sizesInCents(body.sizes),
        color: body.color,
        colorHex: body.color_hex,
        slug,
        isMultiImage: body.is_multi_image,
        customizations: body.customizations ?? ALL_CUSTOMIZATIONS,
        sizeChart: body.size_chart ?? null,
        active: body.active,
        imageBase: NO_IMAGE_BASE,
        sortOrder,
      })
      .returning({ id: products.id });
    return row!.id;
  });
  invalidateCatalog(db);
  return oneAdminProduct(db, id);
}

export async function patchProduct(db: Db, id: number, body: ProductPatchBody): Promise<AdminProduct> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound(CATALOG_MESSAGES.notFound);
    await refuseUnknownKinds(tx, body.customizations);
    const next = {
      slug: body.slug ?? row.slug,
      baseName: body.base_name ?? row.baseName,
      color: body.color ?? row.color,
    };
    if (body.slug !== undefined || body.base_name !== undefined || body.color !== undefined)
      await checkUnique(tx, next, id);
    const sizeChart = chartAfter(row, body);
    await tx
      .update(products)
      .set({
        baseName: body.base_name,
        category: body.category,
        description: body.description,
        basePriceCents: body.base_price === undefined ? undefined : toCents(body.base_price),
        sizes: body.sizes && sizesInCents(body.sizes),
        color: body.color,
        colorHex: body.color_hex,
        slug: body.slug,
        isMultiImage: body.is_multi_image,
        customizations: body.customizations,
        sizeChart,
        active: body.active,
      })
      .where(eq(products.id, id));
  });
  invalidateCatalog(db);
  return oneAdminProduct(db, id);
}

/**
 * Replaces (or with null removes) one side's image. The product moves to a new content-addressed base holding
 * the sides it now has; the previous base stays for the orders and carts that show it.
 */
export async function setProductImage(
  db: Db,
  id: number,
  side: ImageSide,
  rendered: Rendered | null,
): Promise<AdminProduct> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound(CATALOG_MESSAGES.notFound);
    if (side === 'back' && !row.isMultiImage)
      throw new AppError(400, 'VALIDATION_ERROR', CATALOG_MESSAGES.noBack, {
        errors: [{ field: 'side', message: CATALOG_MESSAGES.noBack }],
      });
    const images = await imagesOf(tx, row.imageBase, row.isMultiImage);
    if (rendered) images[side] = rendered;
    else delete images[side];
    const imageBase = await storeImages(tx, images, row.isMultiImage);
    await tx.update(products).set({ imageBase }).where(eq(products.id, id));
  });
  invalidateCatalog(db);
  return oneAdminProduct(db, id);
}

/** Sets a garment's own quantity breaks on all its colours (null: the shop's default again). */
export async function setGarmentBreaks(db: Db, id: number, breaks: QuantityBreak[] | null): Promise<AdminProduct> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
    const [row] = await tx.select({ baseName: products.baseName }).from(products).where(eq(products.id, id));
    if (!row) throw notFound(CATALOG_MESSAGES.notFound);
    await tx.update(products).set({ quantityBreaks: breaks }).where(eq(products.baseName, row.baseName));
  });
  invalidateCatalog(db);
  return oneAdminProduct(db, id);
}

/** Sets the shop-wide quantity breaks; every garment without its own follows them at once. */
export async function setShopBreaks(db: Db, breaks: QuantityBreak[]): Promise<QuantityBreak[]> {
  await db.transaction((tx) =>
    tx
      .update(settings)
      .set({ quantityBreaks: breaks, updatedAt: sql`now()` })
      .where(eq(settings.id, 1)),
  );
  invalidateCatalog(db);
  return shopBreaks(db);
}
