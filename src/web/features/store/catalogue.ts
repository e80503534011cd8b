import type { Product } from '@shared/cart-catalog';
import { productImageUrl } from '@shared/cart-basics';

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

/**
 * Starts the first cards' images as soon as the catalogue is in, before the store's code has run: the first
 * image is the store's largest paint, and it was requested only once the page had rendered.
 */
export function preloadFirstCardImages(products: Product[] | undefined) {
  for (const [first] of groupByBase(products ?? []).slice(0, EAGER_CARDS)) {
    const href = cardImageUrl(first!);
    if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = href;
    link.fetchPriority = 'high';
    document.head.appendChild(link);
  }
}
