// Product image generator: draws each catalogue product from its garment template and writes WebP
// files at every size docs/product.md#catalogue names. A stamp (hash of templates, this file and the catalogue) makes
// warm runs free; the rendering runs two jobs at a time so a shared 2-core machine stays responsive.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { SeedProduct } from '../../src/server/catalog/catalog-data';
import { productImageUrl } from '../../src/shared/cart';
import { TEMPLATES, type Side } from './templates/index';

export const IMAGE_SIZES = [250, 500, 1000] as const;
type ImageProduct = Pick<SeedProduct, 'kind' | 'colorHex' | 'imageBase' | 'isMultiImage'>;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const STAMP = '.images-stamp';

const sidesOf = (p: ImageProduct): (Side | undefined)[] => (p.isMultiImage ? ['front', 'back'] : [undefined]);

/** Every file a product needs, as URL paths (the same function the web client uses to request them). */
export const expectedImageUrls = (p: ImageProduct) =>
  sidesOf(p).flatMap((side) => IMAGE_SIZES.map((size) => productImageUrl(p.imageBase, size, side)));

const sourceFiles = async () => {
  const dir = path.join(HERE, 'templates');
  const names = (await fs.readdir(dir)).filter((f) => f.endsWith('.ts')).sort();
  return [path.join(HERE, 'render.ts'), ...names.map((n) => path.join(dir, n))];
};

const stampOf = async (products: ImageProduct[]) => {
  const h = createHash('sha256');
  for (const f of await sourceFiles()) h.update(f).update(await fs.readFile(f));
  h.update(JSON.stringify(products.map((p) => [p.kind, p.colorHex, p.imageBase, p.isMultiImage])));
  h.update(`${sharp.versions.sharp}|${IMAGE_SIZES.join(',')}`);
  return h.digest('hex');
};

const exists = (f: string) =>
  fs.access(f).then(
    () => true,
    () => false,
  );

async function renderOne(root: string, p: ImageProduct, side: Side | undefined) {
  const svg = TEMPLATES[p.kind](p.colorHex, side ?? 'front');
  // Rasterise once at the largest size, then downscale: one SVG render per view instead of three.
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  for (const size of IMAGE_SIZES) {
    const file = path.join(root, productImageUrl(p.imageBase, size, side));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize(size, size, { kernel: 'lanczos3' })
      .webp({ quality: size >= 1000 ? 80 : 84, effort: 2, smartSubsample: true })
      .toFile(file);
  }
}

export type GenerateResult = { skipped: boolean; views: number; files: number; ms: number };

/**
 * Writes every product image under `root` (the folder the /images/... URLs are relative to).
 * Skips all work when the stamp matches and every file is present, unless `force`.
 */
export async function generateImages(opts: {
  products: ImageProduct[];
  root: string;
  concurrency?: number;
  force?: boolean;
}): Promise<GenerateResult> {
  const started = performance.now();
  const { products, root } = opts;
  const urls = products.flatMap(expectedImageUrls);
  const stampFile = path.join(root, path.dirname(products[0]?.imageBase ?? '/images/products'), STAMP);
  const stamp = await stampOf(products);

  if (!opts.force && (await fs.readFile(stampFile, 'utf8').catch(() => '')) === stamp) {
    const present = await Promise.all(urls.map((u) => exists(path.join(root, u))));
    if (present.every(Boolean)) return { skipped: true, views: 0, files: 0, ms: performance.now() - started };
  }

  await fs.rm(stampFile, { force: true });
  sharp.concurrency(1);
  const jobs = products.flatMap((p) => sidesOf(p).map((side) => () => renderOne(root, p, side)));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 2) }, worker));

  // Drop images of products no longer in the catalogue so the folder matches the stamp exactly.
  const keep = new Set(urls.map((u) => path.join(root, u)));
  for (const dir of new Set([...keep].map((f) => path.dirname(f)))) {
    for (const name of await fs.readdir(dir)) {
      const f = path.join(dir, name);
      if (name.endsWith('.webp') && !keep.has(f)) await fs.rm(f);
    }
  }
  await fs.writeFile(stampFile, stamp);
  return { skipped: false, views: jobs.length, files: urls.length, ms: performance.now() - started };
}
