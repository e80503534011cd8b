import {
  customizationsCost,
  priceLine,
  type Customization,
  type CustomizationCosts,
  type PricedLine,
} from '../../shared/cart';

export type PricedProduct = { basePriceCents: number; sizes: { label: string; upcharge_cents: number }[] };
export type LineChoice = { size: string; quantity: number; customizations: Customization[] };

/** The settings columns that price decorations, one per kind. */
export type CustomizationCostColumns = { nameCostCents: number; usFlagCostCents: number; azFlagCostCents: number };

/** Each decoration kind at its own price, in cents, from the settings row (never a request). */
export const customizationCostsOf = (s: CustomizationCostColumns): CustomizationCosts => ({
  add_name: s.nameCostCents,
  us_flag: s.usFlagCostCents,
  az_flag: s.azFlagCostCents,
});

/**
 * Product row + size + customisations -> priced line, each decoration at its kind's price (from settings, never a
 * request). `sizeOffered` is false when the product no longer offers the size; the line is then priced without an
 * upcharge, and a caller that places an order refuses it.
 */
export function priceProductLine(
  product: PricedProduct,
  choice: LineChoice,
  costs: CustomizationCosts,
): PricedLine & { sizeOffered: boolean } {
  const size = product.sizes.find((s) => s.label === choice.size);
  return {
    ...priceLine({
      basePriceCents: product.basePriceCents,
      sizeUpchargeCents: size?.upcharge_cents ?? 0,
      unitCustomizationCents: customizationsCost(choice.customizations, costs),
      quantity: choice.quantity,
    }),
    sizeOffered: Boolean(size),
  };
}
