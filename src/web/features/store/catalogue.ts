import type { Product } from '@shared/cart-catalog';
import { firstCardImages } from '@shared/store-cards';

/**
 * Starts the first cards' images as soon as the catalogue is in, before the store's code has run: the first
 * image is the store's largest paint. The server already hints them in the /store page it sends; this covers
 * arriving at the store from another screen.
 */
export function preloadFirstCardImages(products: Product[] | undefined) {
  for (const href of firstCardImages(products ?? [])) {
    if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = href;
    link.fetchPriority = 'high';
    document.head.appendChild(link);
  }
}
