import { eq } from 'drizzle-orm';
import type { Settings, SettingsUpdate } from '../../shared/settings';
import { toCents, toDollars } from '../../shared/money';
import type { Executor } from '../db/client';
import { settings } from '../db/schema';
import { earliestDueDay } from '../../shared/due-dates';

export type SettingsRow = typeof settings.$inferSelect;

export async function getSettingsRow(db: Executor): Promise<SettingsRow> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!row) throw new Error('settings row missing: the seed did not run');
  return row;
}

export const settingsDto = (row: SettingsRow, now: Date, forAdmin = false): Settings => ({
  tax_rate: row.taxRatePpm / 1_000_000,
  shipping_cost: toDollars(row.shippingCostCents),
  customization_cost: toDollars(row.nameCostCents),
  name_cost: toDollars(row.nameCostCents),
  us_flag_cost: toDollars(row.usFlagCostCents),
  az_flag_cost: toDollars(row.azFlagCostCents),
  lead_time_days: row.leadTimeDays,
  earliest_due_date: earliestDueDay(now, row.leadTimeDays),
  ...(forAdmin ? { shop_notify_email: row.shopNotifyEmail } : {}),
});

/** Where new-order notices go: the setting, else the environment's address, else nowhere. */
export async function shopNotifyAddress(db: Executor, fallback: string | null): Promise<string | null> {
  return (await getSettingsRow(db)).shopNotifyEmail ?? fallback;
}

export async function updateSettings(db: Executor, input: SettingsUpdate): Promise<SettingsRow> {
  const [row] = await db
    .update(settings)
    .set({
      taxRatePpm: Math.round(input.tax_rate * 1_000_000),
      shippingCostCents: toCents(input.shipping_cost),
      // The schema has made sure there is either a price per kind or the one older price for all.
      nameCostCents: toCents(input.name_cost ?? input.customization_cost!),
      usFlagCostCents: toCents(input.us_flag_cost ?? input.customization_cost!),
      azFlagCostCents: toCents(input.az_flag_cost ?? input.customization_cost!),
      ...(input.lead_time_days !== undefined ? { leadTimeDays: input.lead_time_days } : {}),
      ...(input.shop_notify_email !== undefined ? { shopNotifyEmail: input.shop_notify_email } : {}),
      updatedAt: new Date(),
    })
    .where(eq(settings.id, 1))
    .returning();
  return row!;
}
