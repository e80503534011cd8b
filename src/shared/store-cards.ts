// The store's cards as the web lays them out and the server hints them: one card per garment, and which images the
// first cards show. Shared so the /store page the server sends can ask for those images before any script runs.
import type { Product } from './cart-catalog';
import { productImageUrl } from './cart-basics';

/** The first cards (two rows on a phone) load their images at once; the rest lazily. */
export const EAGER_CARDS = 4;
export const CARD_IMAGE_SIZE = 250;

/** One card per garment base, its colours as variants, in catalogue order. */
export function groupByBase(products: Product[]): Product[][] {
  const byBase = new Map<string, Product[]>();
  for (const p of products) byBase.set(p.base_name, [...(byBase.get(p.base_name) ?? []), p]);
  return [...byBase.values()];
}

/** The image a card shows first (its first colour, front side). */
export const cardImageUrl = (p: Product) =>
  productImageUrl(p.image_base, CARD_IMAGE_SIZE, p.is_multi_image ? 'front' : undefined);

/** The images of the eagerly loaded cards, in order: the first is the store's largest paint. */
export const firstCardImages = (products: Product[]) =>
  groupByBase(products)
    .slice(0, EAGER_CARDS)
    .map(([first]) => cardImageUrl(first!));
