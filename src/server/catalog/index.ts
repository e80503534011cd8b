// What other modules may use of the catalogue: the seed garments.
export { SEED_PRODUCTS } from './catalog-data';
