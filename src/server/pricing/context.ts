import type { Fulfillment } from '../../shared/orders';
import type { Executor } from '../db/client';
import { findDepartmentForEmail } from '../departments';
import type { PricingContext } from './quote';

/** The settings figures a quote needs, as the settings row and the cart query carry them. */
export type PricingSettings = { taxRatePpm: number; shippingCostCents: number };

type DepartmentFacts = { name: string; taxExempt: boolean } | null;

export const contextFor = (
  department: DepartmentFacts,
  fulfillment: Fulfillment,
  settings: PricingSettings,
): PricingContext => ({
  fulfillment,
  taxRatePpm: settings.taxRatePpm,
  shippingCostCents: settings.shippingCostCents,
  department: department ? { name: department.name, taxExempt: department.taxExempt } : null,
});

/** A customer's pricing context: today's settings and the department their address belongs to. */
export async function pricingContext(
  db: Executor,
  email: string,
  fulfillment: Fulfillment,
  settings: PricingSettings,
): Promise<PricingContext> {
  return contextFor(await findDepartmentForEmail(db, email), fulfillment, settings);
}
