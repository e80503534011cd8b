// The product image generator writes, for each product, every WebP the web client asks for
// (productImageUrl), at the right dimensions, and skips the work on a second run.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { expectedImageUrls, generateImages, IMAGE_SIZES } from '../../../scripts/images/render';
import { productImageUrl } from '../../shared/cart';
import { SEED_PRODUCTS } from './catalog-data';

const single = SEED_PRODUCTS.find((p) => p.kind === 'tshirt' && !p.isMultiImage)!;
const multi = SEED_PRODUCTS.find((p) => p.kind === 'hoodie' && p.isMultiImage)!;
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'product-images-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));
// About a second of CPU, but a loaded shared runner can stretch wall time well past the 5 s default.
const SLOW = 60_000;

describe('product image generator', () => {
  it(
    'writes a WebP per size and side with the file names and dimensions of the image URL scheme',
    async () => {
      const first = await generateImages({ products: [single, multi], root });
      expect(first).toMatchObject({ skipped: false, views: 3, files: 9 });

      const expected = [
        ...IMAGE_SIZES.map((s) => productImageUrl(single.imageBase, s)),
        ...IMAGE_SIZES.flatMap((s) => [
          productImageUrl(multi.imageBase, s, 'front'),
          productImageUrl(multi.imageBase, s, 'back'),
        ]),
      ];
      expect(new Set([single, multi].flatMap(expectedImageUrls))).toEqual(new Set(expected));
      expect(expected).toContain(`/images/products/${multi.slug}-back-250x250.webp`);

      for (const url of expected) {
        const meta = await sharp(path.join(root, url)).metadata();
        const size = Number(/-(\d+)x\d+\.webp$/.exec(url)![1]);
        expect({ url, format: meta.format, width: meta.width, height: meta.height }).toEqual({
          url,
          format: 'webp',
          width: size,
          height: size,
        });
      }
      const webps = (await fs.readdir(path.join(root, 'images/products'))).filter((f) => f.endsWith('.webp'));
      expect(webps).toHaveLength(expected.length);

      // Front and back views of a multi-image product are different drawings.
      const [front, back] = await Promise.all(
        (['front', 'back'] as const).map((side) =>
          sharp(path.join(root, productImageUrl(multi.imageBase, 250, side)))
            .raw()
            .toBuffer(),
        ),
      );
      expect(front!.equals(back!)).toBe(false);
    },
    SLOW,
  );

  it(
    'skips a warm run and redraws when a file went missing',
    async () => {
      expect(await generateImages({ products: [single, multi], root })).toMatchObject({ skipped: true, files: 0 });
      await fs.rm(path.join(root, productImageUrl(single.imageBase, 500)));
      expect(await generateImages({ products: [single, multi], root })).toMatchObject({ skipped: false, files: 9 });
      await expect(fs.access(path.join(root, productImageUrl(single.imageBase, 500)))).resolves.toBeUndefined();
    },
    SLOW,
  );
});
