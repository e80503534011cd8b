import { priceLine, type Customization, type PricedLine } from '../../shared/cart';

export type PricedProduct = { basePriceCents: number; sizes: { label: string; upcharge_cents: number }[] };
export type LineChoice = { size: string; quantity: number; customizations: Customization[] };

/**
 * Product row + size + customisations -> priced line, at the given customisation cost (from settings, never a
 * request). `sizeOffered` is false when the product no longer offers the size; the line is then priced without an
 * upcharge, and a caller that places an order refuses it.
 */
export function priceProductLine(
  product: PricedProduct,
  choice: LineChoice,
  customizationCostCents: number,
): PricedLine & { sizeOffered: boolean } {
  const size = product.sizes.find((s) => s.label === choice.size);
  return {
    ...priceLine({
      basePriceCents: product.basePriceCents,
      sizeUpchargeCents: size?.upcharge_cents ?? 0,
      customizationCount: choice.customizations.length,
      customizationCostCents,
      quantity: choice.quantity,
    }),
    sizeOffered: Boolean(size),
  };
}
