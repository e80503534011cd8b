import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { ImageSide } from '../../shared/catalog-admin';
import { productImageUrl } from '../../shared/cart-basics';
import type { Executor } from '../db/client';
import { media } from '../db/schema';
import { AppError } from '../http/errors';

// Product images (docs/architecture.md#catalogue-images-and-management): uploads are checked by their bytes, re-encoded (which drops
// every metadata block) and stored as WebP at each size under a content-addressed image_base.
export const IMAGE_SIZES = [250, 500, 1000] as const;
export const MEDIA_PREFIX = '/images/media/';
/** The studio backdrop of the seed drawings (scripts/images/templates/common.ts): photos sit on the same colour. */
export const SHOP_BACKGROUND = '#f3f2ee';
/** 40 megapixels: a real photo fits, a 20,000 x 20,000 decompression bomb does not. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

export const IMAGE_MESSAGES = {
  notImage: 'The file is not a JPEG, PNG or WebP image',
  tooLarge: 'The image must be at most 10 MB',
  tooManyPixels: 'The image has too many pixels (at most 40 megapixels)',
  damaged: 'The image file is damaged or incomplete',
} as const;

const badImage = (message: string, code = 'INVALID_IMAGE') => new AppError(422, code, message);

export type Rendered = { size: number; bytes: Buffer }[];

/** Checks the real format, then renders the square WebPs; throws a 422 naming the problem, having stored nothing. */
export async function renderUpload(input: Buffer): Promise<Rendered> {
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1);
  } catch {
    throw badImage(IMAGE_MESSAGES.notImage);
  }
  if (!format || !ACCEPTED.has(format)) throw badImage(IMAGE_MESSAGES.notImage);
  if (pixels > MAX_INPUT_PIXELS) throw badImage(IMAGE_MESSAGES.tooManyPixels);
  try {
    // failOn 'truncated' refuses a cut-off file instead of rendering its grey remainder; rotate() applies the
    // EXIF orientation before the metadata is dropped.
    const { data, info } = await sharp(input, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(1000, 1000, { fit: 'contain', background: SHOP_BACKGROUND })
      .flatten({ background: SHOP_BACKGROUND })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return await Promise.all(
      IMAGE_SIZES.map(async (size) => ({
        size,
        bytes: await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
          .resize(size, size, { kernel: 'lanczos3' })
          .webp({ quality: size >= 1000 ? 80 : 84, effort: 4 })
          .toBuffer(),
      })),
    );
  } catch {
    throw badImage(IMAGE_MESSAGES.damaged);
  }
}

const sha = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');

/** The side suffix in the URL scheme: none for a one-image garment. */
const urlSide = (isMulti: boolean, side: ImageSide) => (isMulti ? side : undefined);

type SideImages = Partial<Record<ImageSide, Rendered>>;

/** The stored images of a product's current image_base, by side. */
export async function imagesOf(db: Executor, imageBase: string, isMulti: boolean): Promise<SideImages> {
  const out: SideImages = {};
  const sides: ImageSide[] = isMulti ? ['front', 'back'] : ['front'];
  const paths = sides.flatMap((side) => IMAGE_SIZES.map((s) => productImageUrl(imageBase, s, urlSide(isMulti, side))));
  const rows = await db.select().from(media).where(inArray(media.path, paths));
  const byPath = new Map(rows.map((r) => [r.path, r]));
  for (const side of sides) {
    const found = IMAGE_SIZES.map((size) => byPath.get(productImageUrl(imageBase, size, urlSide(isMulti, side))));
    if (found.every(Boolean)) out[side] = found.map((r) => ({ size: r!.size, bytes: r!.bytes }));
  }
  return out;
}

/**
 * Stores the sides under a new base named by their content, and returns it. Old bases are kept: placed orders
 * name them (order_lines.image_base) and browsers hold them as immutable.
 */
export async function storeImages(db: Executor, images: SideImages, isMulti: boolean): Promise<string> {
  const sides = (['front', 'back'] as const).filter((s) => images[s]);
  if (!sides.length) return NO_IMAGE_BASE;
  const id = sha(sides.map((s) => `${s}:${sha(images[s]!.at(-1)!.bytes)}`).join('|')).slice(0, 24);
  const base = `${MEDIA_PREFIX}${id}`;
  const rows = sides.flatMap((side) =>
    images[side]!.map((r) => ({
      path: productImageUrl(base, r.size as 250 | 500 | 1000, urlSide(isMulti, side)),
      contentHash: sha(r.bytes),
      size: r.size,
      bytes: r.bytes,
    })),
  );
  await db.insert(media).values(rows).onConflictDoNothing();
  return base;
}

/** A product without photos: the route answers a plain backdrop square for it. */
export const NO_IMAGE_BASE = `${MEDIA_PREFIX}none`;

/** Which sides a product shows a photo for (imported seed drawings count). */
export async function sidesWithImages(db: Executor, bases: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const stored = bases.filter((b) => b.startsWith(MEDIA_PREFIX) && b !== NO_IMAGE_BASE);
  for (const b of bases) if (!b.startsWith(MEDIA_PREFIX)) found.add(`${b}|front`).add(`${b}|back`);
  if (!stored.length) return found;
  const rows = await db
    .select({ path: media.path })
    .from(media)
    .where(
      inArray(
        media.path,
        stored.flatMap((b) => [`${b}-1000x1000.webp`, `${b}-front-1000x1000.webp`, `${b}-back-1000x1000.webp`]),
      ),
    );
  for (const { path } of rows) {
    const m = /^(.*?)(?:-(front|back))?-1000x1000\.webp$/.exec(path)!;
    found.add(`${m[1]}|${m[2] ?? 'front'}`);
  }
  return found;
}

/** A small in-process cache of served files: the store shows the same few dozen thumbnails to everyone. */
const CACHE_BYTES = 32 * 1024 * 1024;
const cache = new Map<string, Buffer>();
let cached = 0;

export async function readMedia(db: Executor, path: string): Promise<Buffer | null> {
  const hit = cache.get(path);
  if (hit) {
    // Least recently used goes first: re-insert on every hit.
    cache.delete(path);
    cache.set(path, hit);
    return hit;
  }
  const bytes = path.startsWith(`${NO_IMAGE_BASE}-`)
    ? await backdrop(path)
    : ((await db.select({ bytes: media.bytes }).from(media).where(eq(media.path, path)))[0]?.bytes ?? null);
  if (!bytes) return null;
  cache.set(path, bytes);
  cached += bytes.length;
  for (const [k, v] of cache) {
    if (cached <= CACHE_BYTES) break;
    cache.delete(k);
    cached -= v.length;
  }
  return bytes;
}

async function backdrop(path: string): Promise<Buffer | null> {
  const size = Number(/-(250|500|1000)x\1\.webp$/.exec(path)?.[1]);
  if (!size) return null;
  return sharp({ create: { width: size, height: size, channels: 3, background: SHOP_BACKGROUND } })
    .webp()
    .toBuffer();
}
