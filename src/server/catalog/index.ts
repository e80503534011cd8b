// What other modules may use of the catalogue: the seed garments, and the cached catalogue (the page hints).
export { SEED_PRODUCTS } from './catalog-data';
export { catalogCache, invalidateCatalog, productsFor } from './service';
export { mayBuy } from './department-catalog';
