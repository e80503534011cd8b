// The store feature's public surface: the router preloads the catalogue with these. The store page loads on demand by its path.
export { productsQuery } from './api/use-products';
export { preloadFirstCardImages } from './catalogue';
