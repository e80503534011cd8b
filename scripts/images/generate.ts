// `npm run images` (run first by `npm run build`): product WebP images under public/, which Vite
// copies into dist/web so the server serves them at /images/products/... Pass --force to redraw.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_PRODUCTS } from '../../src/server/catalog/catalog-data';
import { generateImages } from './render';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
const result = await generateImages({ products: SEED_PRODUCTS, root, force: process.argv.includes('--force') });
const secs = (result.ms / 1000).toFixed(2);
console.log(
  result.skipped
    ? `images: up to date (${SEED_PRODUCTS.length} products, checked in ${secs}s)`
    : `images: drew ${result.views} views of ${SEED_PRODUCTS.length} products into ${result.files} WebP files in ${secs}s`,
);
