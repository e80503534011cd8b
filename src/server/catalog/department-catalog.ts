import type { Product } from '../../shared/cart-catalog';
import type { DepartmentRow } from '../departments';

// Department catalogues (docs/product.md#department-catalogues): what a limited department's members see and may buy.
export type DepartmentScope = Pick<DepartmentRow, 'id' | 'productIds' | 'requiredProductIds'>;

/** A department changes the store only when it limits the catalogue or marks required items. */
export const shapesStore = (d: DepartmentScope | null): d is DepartmentScope =>
  d !== null && (d.productIds !== null || d.requiredProductIds.length > 0);

/** Whether a member of this department (or of none) may buy the product. */
export const mayBuy = (d: Pick<DepartmentRow, 'productIds'> | null, productId: number) =>
  !d?.productIds || d.productIds.includes(productId);

/**
 * The active catalogue as a department's members see it: only the products it allows, their colour choices
 * narrowed to allowed colours (a swatch never leads to a page they cannot see), required items marked.
 */
export function departmentCatalog(all: Product[], d: DepartmentScope): Product[] {
  const allowed = all.filter((p) => mayBuy(d, p.id));
  const slugs = new Set(allowed.map((p) => p.slug));
  const required = new Set(d.requiredProductIds);
  return allowed.map((p) => ({
    ...p,
    colors: p.colors.filter((c) => slugs.has(c.slug)),
    ...(required.has(p.id) ? { required: true } : {}),
  }));
}
