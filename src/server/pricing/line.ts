import {
  customizationsCost,
  priceLine,
  type Customization,
  type CustomizationCosts,
  type PricedLine,
  type CustomizationType,
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

/** Each decoration's unit price as the order line stores it (null: the line has no such decoration). */
export type DecorationUnitCents = {
  unitNameCents: number | null;
  unitUsFlagCents: number | null;
  unitAzFlagCents: number | null;
};

const UNIT_FIELD = {
  add_name: 'unitNameCents',
  us_flag: 'unitUsFlagCents',
  az_flag: 'unitAzFlagCents',
} as const satisfies Record<CustomizationType, keyof DecorationUnitCents>;

/** One decoration's unit price as its line stored it: kinds cost different amounts, so a line's price is never split. */
export const decorationCentsOf = (line: DecorationUnitCents, type: CustomizationType): number =>
  line[UNIT_FIELD[type]] ?? 0;

/**
 * What each decoration of one unit costs, kept with the line when it is priced: kinds have their own prices and
 * settings change, so a report can only split a line's customisation price by what was charged then.
 */
export function decorationUnitCents(
  list: readonly { type: CustomizationType }[],
  costs: CustomizationCosts,
): DecorationUnitCents {
  const out: DecorationUnitCents = { unitNameCents: null, unitUsFlagCents: null, unitAzFlagCents: null };
  for (const c of list) out[UNIT_FIELD[c.type]] = costs[c.type];
  return out;
}

/**
 * Product row + size + customisations -> priced line, each decoration at its kind's price (from settings, never a
 * request). `sizeOffered` is false when the product no longer offers the size; the line is then priced without an
 * upcharge, and a caller that places an order refuses it.
 */
export function priceProductLine(
  product: PricedProduct,
  choice: LineChoice,
  costs: CustomizationCosts,
): PricedLine & DecorationUnitCents & { sizeOffered: boolean } {
  const size = product.sizes.find((s) => s.label === choice.size);
  return {
    ...decorationUnitCents(choice.customizations, costs),
    ...priceLine({
      basePriceCents: product.basePriceCents,
      sizeUpchargeCents: size?.upcharge_cents ?? 0,
      unitCustomizationCents: customizationsCost(choice.customizations, costs),
      quantity: choice.quantity,
    }),
    sizeOffered: Boolean(size),
  };
}
