import { toDollars } from '../../shared/money';
import type { Adjustment } from '../../shared/pricing';
import type { AdjustmentCents, QuoteCents } from './quote';

/** Adjustments at the API edge: dollars with two decimals. */
export const adjustmentsDto = (list: AdjustmentCents[]): Adjustment[] =>
  list.map((a) => ({ kind: a.kind, label: a.label, amount: toDollars(a.amountCents) }));

/** A quote's totals at the API edge, in dollars: what every answer that prices a set of lines shows under them. */
export const quoteTotalsDto = (q: QuoteCents) => ({
  item_count: q.itemCount,
  subtotal: toDollars(q.subtotalCents),
  adjustments: adjustmentsDto(q.adjustments),
  tax_amount: toDollars(q.taxCents),
  shipping_cost: toDollars(q.shippingCents),
  total: toDollars(q.totalCents),
});
