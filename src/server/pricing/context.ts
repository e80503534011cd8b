import type { Fulfillment } from '../../shared/orders';
import type { Executor } from '../db/client';
import { memberAllowance } from '../allowances';
import type { DepartmentRow } from '../departments';
import type { PricingContext } from './quote';
import type { QuoteTerms } from './terms';
import type { QuantityBreak } from '../../shared/quantity-breaks';

/** The settings figures a quote needs, as the settings row and the cart query carry them. */
export type PricingSettings = {
  taxRatePpm: number;
  shippingCostCents: number;
  /** The shop-wide quantity breaks. */
  quantityBreaks: QuantityBreak[];
};

type DepartmentFacts = { name: string; taxExempt: boolean } | null;

export const contextFor = (
  department: DepartmentFacts,
  fulfillment: Fulfillment,
  settings: PricingSettings,
  allowanceCents: number | null = null,
  terms: QuoteTerms | null = null,
): PricingContext => ({
  fulfillment,
  taxRatePpm: settings.taxRatePpm,
  shippingCostCents: settings.shippingCostCents,
  quantityBreaks: settings.quantityBreaks,
  department: department ? { name: department.name, taxExempt: department.taxExempt } : null,
  allowanceCents,
  terms,
});

/** A customer's pricing context: today's settings, the department their address belongs to and their balance. */
export async function pricingContext(
  db: Executor,
  user: { id: number; email: string },
  department: DepartmentRow | null,
  fulfillment: Fulfillment,
  settings: PricingSettings,
  now: Date,
): Promise<PricingContext> {
  const allowance = await memberAllowance(db, department, user.id, now);
  return contextFor(department, fulfillment, settings, allowance?.remainingCents ?? null);
}
