import { toDollars } from '../../shared/money';
import type { Adjustment } from '../../shared/pricing';
import type { AdjustmentCents } from './quote';

/** Adjustments at the API edge: dollars with two decimals. */
export const adjustmentsDto = (list: AdjustmentCents[]): Adjustment[] =>
  list.map((a) => ({ kind: a.kind, label: a.label, amount: toDollars(a.amountCents) }));
