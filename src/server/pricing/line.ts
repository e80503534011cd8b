import { priceLine, type Customization, type PricedLine } from '../../shared/cart';
import { pricedDecorations, type PricedDecoration } from './decorations';
import type { LinePrices } from './logos';

export type PricedProduct = { basePriceCents: number; sizes: { label: string; upcharge_cents: number }[] };
export type LineChoice = { size: string; quantity: number; customizations: Customization[] };

/**
 * Product row + size + customisations -> priced line, each decoration at its kind's price (decoration_kinds, never a
 * request), kept on the line as `decorations` so reports and old orders never depend on today's kinds.
 * `sizeOffered` is false when the product no longer offers the size; the line is then priced without an upcharge,
 * and a caller that places an order refuses it.
 */
export function priceProductLine(
  product: PricedProduct,
  choice: LineChoice,
  prices: LinePrices,
): PricedLine & { decorations: PricedDecoration[]; sizeOffered: boolean } {
  const size = product.sizes.find((s) => s.label === choice.size);
  const decorations = pricedDecorations(choice.customizations, prices);
  return {
    decorations,
    ...priceLine({
      basePriceCents: product.basePriceCents,
      sizeUpchargeCents: size?.upcharge_cents ?? 0,
      unitCustomizationCents: decorations.reduce((n, d) => n + d.unit_cents, 0),
      quantity: choice.quantity,
    }),
    sizeOffered: Boolean(size),
  };
}
