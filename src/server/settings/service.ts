import { eq, inArray, sql } from 'drizzle-orm';
import type { Settings, SettingsUpdate } from '../../shared/settings';
import { toCents, toDollars } from '../../shared/money';
import type { Executor } from '../db/client';
import { decorationKinds, settings } from '../db/schema';
import type { DecorationPrices } from './decoration-prices';
import { earliestDueDay } from '../../shared/due-dates';

export type SettingsRow = typeof settings.$inferSelect;

export async function getSettingsRow(db: Executor): Promise<SettingsRow> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!row) throw new Error('settings row missing: the seed did not run');
  return row;
}

/**
 * SPEC's settings answer. The decoration prices are the kinds' (decoration_kinds): customization_cost, kept for
 * clients that know one price, is the embroidered name's.
 */
export const settingsDto = (row: SettingsRow, prices: DecorationPrices, now: Date, forAdmin = false): Settings => ({
  tax_rate: row.taxRatePpm / 1_000_000,
  shipping_cost: toDollars(row.shippingCostCents),
  customization_cost: toDollars(prices.cents.add_name ?? 0),
  name_cost: toDollars(prices.cents.add_name ?? 0),
  us_flag_cost: toDollars(prices.cents.us_flag ?? 0),
  az_flag_cost: toDollars(prices.cents.az_flag ?? 0),
  lead_time_days: row.leadTimeDays,
  earliest_due_date: earliestDueDay(now, row.leadTimeDays),
  ...(forAdmin ? { shop_notify_email: row.shopNotifyEmail, account_terms_days: row.accountTermsDays } : {}),
});

/** Where new-order notices go: the setting, else the environment's address, else nowhere. */
export const notifyAddress = (setting: string | null, fallback: string | null): string | null => setting ?? fallback;

export async function shopNotifyAddress(db: Executor, fallback: string | null): Promise<string | null> {
  return notifyAddress((await getSettingsRow(db)).shopNotifyEmail, fallback);
}

/** SPEC's three kinds at the prices of a settings update (the one older price for all when only it is sent). */
async function setSpecKindPrices(db: Executor, cents: { add_name: number; us_flag: number; az_flag: number }) {
  await db
    .update(decorationKinds)
    .set({
      priceRule: sql`jsonb_build_object('kind', 'flat', 'cents', (${JSON.stringify(cents)}::jsonb ->> ${decorationKinds.key})::int)`,
      updatedAt: new Date(),
    })
    .where(inArray(decorationKinds.key, Object.keys(cents)));
}

/** The caller drops the decoration price cache (invalidateDecorationPrices) once the transaction has committed. */
export async function updateSettings(db: Executor, input: SettingsUpdate): Promise<SettingsRow> {
  const cents = {
    // The schema has made sure there is either a price per kind or the one older price for all.
    add_name: toCents(input.name_cost ?? input.customization_cost!),
    us_flag: toCents(input.us_flag_cost ?? input.customization_cost!),
    az_flag: toCents(input.az_flag_cost ?? input.customization_cost!),
  };
  await setSpecKindPrices(db, cents);
  const [row] = await db
    .update(settings)
    .set({
      taxRatePpm: Math.round(input.tax_rate * 1_000_000),
      shippingCostCents: toCents(input.shipping_cost),
      // Kept in step with the kinds until these columns are dropped: the audit log reads the settings row.
      nameCostCents: cents.add_name,
      usFlagCostCents: cents.us_flag,
      azFlagCostCents: cents.az_flag,
      ...(input.lead_time_days !== undefined ? { leadTimeDays: input.lead_time_days } : {}),
      ...(input.account_terms_days !== undefined ? { accountTermsDays: input.account_terms_days } : {}),
      ...(input.shop_notify_email !== undefined ? { shopNotifyEmail: input.shop_notify_email } : {}),
      updatedAt: new Date(),
    })
    .where(eq(settings.id, 1))
    .returning();
  return row!;
}
