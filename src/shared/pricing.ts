import { z } from 'zod';

// What a quote and an order say about money besides their lines: named adjustments, each a signed amount in dollars.
/** credit: staff took an amount off what an order owes after it was placed (payments' ledger, never a quote's). */
/** discount, setup_fee: a price quote's terms, set by staff and carried onto the order the quote becomes. */
/** quantity_break: the garments' price at a quantity break (docs/product.md#quantity-price-breaks). */
/** digitising_fee: a logo's one-time digitising, on the first order that carries the artwork. */
export const ADJUSTMENT_KINDS = [
  'quantity_break',
  'digitising_fee',
  'discount',
  'setup_fee',
  'allowance',
  'tax',
  'tax_exemption',
  'shipping',
  'credit',
] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export const adjustmentSchema = z.object({ kind: z.enum(ADJUSTMENT_KINDS), label: z.string(), amount: z.number() });
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** The totals under a priced set of lines, in dollars (a quote's answer spreads these into its own shape). */
export const quoteTotalsShape = {
  item_count: z.number(),
  subtotal: z.number(),
  adjustments: z.array(adjustmentSchema),
  tax_amount: z.number(),
  shipping_cost: z.number(),
  total: z.number(),
};
