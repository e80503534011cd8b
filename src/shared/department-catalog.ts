import { z } from 'zod';
import { rowIdNumber } from './fields';

// Department catalogues (docs/product.md#department-catalogues): which products (garment + colour) a department's
// members may buy, and which of them are required items of its uniform.
export const DEPARTMENT_PRODUCTS_MAX = 2000;

export { NOT_IN_DEPARTMENT_CATALOG, REQUIRED_NOT_IN_CATALOG } from './department-catalog-texts';

/** A cart line the department no longer offers: shown on the line and at checkout. */
export const outsideCatalogLine = (productName: string) =>
  `${productName} is not in your department's catalogue. Remove it from your cart to continue.`;

export const unknownProducts = (ids: number[]) =>
  `Unknown product ${ids.length === 1 ? 'id' : 'ids'}: ${ids.join(', ')}`;

const productIdList = (label: string) =>
  z
    .array(rowIdNumber(`${label} must be product ids`), { error: `${label} must be a list of product ids` })
    .max(DEPARTMENT_PRODUCTS_MAX, `${label} can hold at most ${DEPARTMENT_PRODUCTS_MAX} products`)
    .transform((list) => [...new Set(list)].sort((a, b) => a - b));

export const departmentCatalogFields = {
  /** null = the whole catalogue. */
  product_ids: productIdList('The catalogue').nullable(),
  required_product_ids: productIdList('Required items'),
};

/** Required items must be ones members can buy: a subset of product_ids when the catalogue is limited. */
export const requiredWithinCatalog = (productIds: number[] | null, required: number[]) =>
  productIds === null || required.every((id) => productIds.includes(id));
