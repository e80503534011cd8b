import { customizationsCost, priceLine, type CustomizationCosts } from '@shared/cart';
import type { Product } from '@shared/cart-catalog';
import { QUANTITY_MAX, QUANTITY_MIN } from '@shared/constants';
import { toCents, toDollars } from '@shared/money';
import type { LineDraft } from '@web/components/orders/line-draft';

/**
 * The line at today's catalogue and settings, in dollars; display only (the server prices the new order). For a
 * product the catalogue no longer offers, the order's own unit price.
 */
export function previewTotal(
  line: LineDraft,
  product: Product | undefined,
  orderedUnit: number,
  costs: CustomizationCosts,
): number | null {
  if (!Number.isInteger(line.quantity) || line.quantity < QUANTITY_MIN || line.quantity > QUANTITY_MAX) return null;
  if (!product) return toDollars(toCents(orderedUnit) * line.quantity);
  const priced = priceLine({
    basePriceCents: toCents(product.price),
    sizeUpchargeCents: toCents(product.sizes.find((s) => s.label === line.size)?.upcharge ?? 0),
    unitCustomizationCents: customizationsCost(line.customizations, costs),
    quantity: line.quantity,
  });
  return toDollars(priced.totalCents);
}
