import type { PricedLine } from '../../shared/cart';
import type { AdjustmentKind } from '../../shared/pricing';
import type { Fulfillment } from '../../shared/orders';
import { termsAdjustments, type QuoteTerms } from './terms';
import { quantityBreakAdjustments } from './quantity-breaks';
import type { QuantityBreak } from '../../shared/quantity-breaks';
import type { StoredDecoration } from '../../shared/decorations';
import { digitisingAdjustments } from './logos';

/** `artworkId`: the artwork a digitising fee is for (the order keeps it, so the fee is charged once). */
export type AdjustmentCents = { kind: AdjustmentKind; label: string; amountCents: number; artworkId?: number };

export type PricingContext = {
  fulfillment: Fulfillment;
  /** Tax rate in parts per million (0.078 = 78,000), as settings and orders store it. */
  taxRatePpm: number;
  shippingCostCents: number;
  department: { name: string; taxExempt: boolean } | null;
  /** The member's remaining allowance in cents, or null without one (docs/product.md#allowances). */
  allowanceCents?: number | null;
  /** A price quote's discount and setup fee, applied before the allowance and tax (docs/product.md#quotes). */
  terms?: QuoteTerms | null;
  /** The shop-wide quantity breaks, for garments without their own (docs/product.md#quantity-price-breaks). */
  quantityBreaks?: readonly QuantityBreak[];
};

export type QuoteCents<L extends PricedLine = PricedLine> = {
  lines: L[];
  itemCount: number;
  subtotalCents: number;
  adjustments: AdjustmentCents[];
  /** The rate charged: the settings rate, or 0 for a tax-exempt department (the adjustments show both). */
  taxRatePpm: number;
  /** Net tax charged: the tax less any exemption. */
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  taxExemptReason: string | null;
  /** What the allowance covers (positive cents; the adjustment carries it negative). */
  allowanceCents: number;
};

/**
 * Tax on the order's taxable subtotal, rounded half up to the cent: floor((cents x ppm + 500,000) / 1,000,000) in
 * integers, so no float ever decides a cent. Tax is computed once on the order, never per line.
 */
export const taxOn = (taxableCents: number, ratePpm: number): number =>
  Math.floor((taxableCents * ratePpm + 500_000) / 1_000_000);

/** "7.8%": the rate with one decimal, as the shop shows it. */
const percent = (ppm: number) => `${(ppm / 10_000).toFixed(1)}%`;

/**
 * The one owner of an order's money: lines (already priced) plus the context give the adjustments and the totals.
 * Checkout, the cart answer, the checkout quote, modify and the order e-mails all read their figures from here.
 */
export function buildQuote<L extends PricedLine & { decorations?: readonly StoredDecoration[] }>(
  lines: L[],
  ctx: PricingContext,
): QuoteCents<L> {
  const subtotalCents = lines.reduce((s, l) => s + l.totalCents, 0);
  // Quantity breaks lower the garments' price; each new logo's digitising fee, then a quote's discount and setup fee
  // change what the goods cost, so the allowance and tax see them all.
  const breaks = quantityBreakAdjustments(lines, ctx.quantityBreaks ?? []);
  const digitising = digitisingAdjustments(lines);
  const brokenCents = subtotalCents + [...breaks, ...digitising].reduce((s, a) => s + a.amountCents, 0);
  const terms = termsAdjustments(brokenCents, ctx.terms ?? null);
  const goodsCents = brokenCents + terms.reduce((s, a) => s + a.amountCents, 0);
  // The allowance pays for the garments, up to the balance, before tax: tax falls on what the member pays.
  const allowance = ctx.allowanceCents == null ? null : Math.min(Math.max(0, ctx.allowanceCents), goodsCents);
  const tax = taxOn(goodsCents - (allowance ?? 0), ctx.taxRatePpm);
  const exempt = ctx.department?.taxExempt ? ctx.department.name : null;
  const shippingCents = ctx.fulfillment === 'shipping' ? ctx.shippingCostCents : 0;
  const adjustments: AdjustmentCents[] = [
    ...breaks,
    ...digitising,
    ...terms,
    ...(allowance !== null
      ? [
          {
            kind: 'allowance' as const,
            label: `Allowance: ${ctx.department?.name ?? 'department'}`,
            amountCents: -allowance,
          },
        ]
      : []),
    { kind: 'tax', label: `Tax (${percent(ctx.taxRatePpm)})`, amountCents: tax },
    ...(exempt ? [{ kind: 'tax_exemption' as const, label: `Tax exempt: ${exempt}`, amountCents: -tax }] : []),
    {
      kind: 'shipping',
      label: ctx.fulfillment === 'shipping' ? 'Shipping' : 'Pickup at the shop',
      amountCents: shippingCents,
    },
  ];
  const taxCents = exempt ? 0 : tax;
  return {
    lines,
    itemCount: lines.reduce((s, l) => s + l.quantity, 0),
    subtotalCents,
    adjustments,
    taxRatePpm: exempt ? 0 : ctx.taxRatePpm,
    taxCents,
    shippingCents,
    totalCents: subtotalCents + adjustments.reduce((s, a) => s + a.amountCents, 0),
    taxExemptReason: exempt ? `Tax exempt: ${exempt}` : null,
    allowanceCents: allowance ?? 0,
  };
}
