import { priceLine, type PricedLine } from '../../shared/cart';
import type { AdjustmentCents } from './quote';

/** A price quote's own terms, set by staff: an amount off and a one-time setup fee, in cents. */
export type QuoteTerms = { discountCents: number; setupFeeCents: number };

export const DISCOUNT_LABEL = 'Discount';
export const SETUP_FEE_LABEL = 'Setup fee';

/**
 * The quote's terms as named adjustments, setup fee first: the discount takes at most the goods and the fee, so a
 * total never goes below tax and shipping. No terms, or both zero: none.
 */
export function termsAdjustments(subtotalCents: number, terms: QuoteTerms | null): AdjustmentCents[] {
  if (!terms) return [];
  const fee = Math.max(0, terms.setupFeeCents);
  const off = Math.min(Math.max(0, terms.discountCents), subtotalCents + fee);
  return [
    ...(fee > 0 ? [{ kind: 'setup_fee' as const, label: SETUP_FEE_LABEL, amountCents: fee }] : []),
    ...(off > 0 ? [{ kind: 'discount' as const, label: DISCOUNT_LABEL, amountCents: -off }] : []),
  ];
}

/** The terms an order carries in its frozen adjustments, so re-pricing it (a staff edit) keeps what the quote agreed. */
export function termsOf(adjustments: readonly { kind: string; amountCents: number }[]): QuoteTerms | null {
  const fee = adjustments.find((a) => a.kind === 'setup_fee')?.amountCents ?? 0;
  const off = -(adjustments.find((a) => a.kind === 'discount')?.amountCents ?? 0);
  return fee || off ? { discountCents: off, setupFeeCents: fee } : null;
}

/**
 * A line at the garment price the quote stands by instead of today's catalogue price: decorations keep their own
 * prices, and the total follows the one line rule. The quoted price is the price: no quantity break applies on top
 * (the line names no garment for the breaks to count).
 */
export function atQuotedUnitPrice<L extends PricedLine>(line: L, unitBaseCents: number): L {
  const priced = priceLine({
    basePriceCents: unitBaseCents,
    sizeUpchargeCents: 0,
    unitCustomizationCents: line.unitCustomizationCents,
    quantity: line.quantity,
  });
  return { ...line, ...priced, garment: null };
}

/**
 * An order placed from a quote, edited by staff: a garment and size it already had keeps the unit price it was
 * placed at, so an edit does not undo the quote; anything new comes at today's price.
 */
export function keepPlacedUnitPrices<L extends PricedLine & { productId: number; size: string }>(
  lines: L[],
  before: readonly { productId: number; size: string; unitBaseCents: number }[],
): L[] {
  const placed = new Map(before.map((b) => [`${b.productId}|${b.size}`, b.unitBaseCents]));
  return lines.map((l) => {
    const unit = placed.get(`${l.productId}|${l.size}`);
    return unit === undefined ? l : atQuotedUnitPrice(l, unit);
  });
}
