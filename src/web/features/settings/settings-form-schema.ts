import { z } from 'zod';
import { settingsUpdateSchema, type Settings, type SettingsUpdate } from '@shared/settings';

// The screen takes the tax rate as a percent and money as dollars, all typed as text; the shared
// schema then applies the same rules the server does (tax as a fraction).
export type SettingsFormValues = {
  tax_rate: string;
  shipping_cost: string;
  name_cost: string;
  us_flag_cost: string;
  az_flag_cost: string;
  lead_time_days: string;
  account_terms_days: string;
  shop_notify_email: string;
};

const num = (v: string) => (v.trim() === '' ? undefined : Number(v.trim()));

export const settingsFormSchema = z
  .object({
    tax_rate: z.string(),
    shipping_cost: z.string(),
    name_cost: z.string(),
    us_flag_cost: z.string(),
    az_flag_cost: z.string(),
    lead_time_days: z.string(),
    account_terms_days: z.string(),
    shop_notify_email: z.string(),
  })
  // Typed as loosely as the shared schema's input (its notice key may be absent), so the pipe below type-checks.
  .transform((v): { [K in keyof SettingsUpdate]?: SettingsUpdate[K] | undefined } => {
    const percent = num(v.tax_rate);
    return {
      tax_rate: percent === undefined ? undefined : Number((percent / 100).toFixed(10)),
      shipping_cost: num(v.shipping_cost),
      name_cost: num(v.name_cost),
      us_flag_cost: num(v.us_flag_cost),
      az_flag_cost: num(v.az_flag_cost),
      // An empty box is refused like a bad number, with the rule's own words (a missing key would mean "unchanged").
      lead_time_days: num(v.lead_time_days) ?? Number.NaN,
      account_terms_days: num(v.account_terms_days) ?? Number.NaN,
      // An empty box clears the address (the shop then uses SHOP_NOTIFY_EMAIL, if set).
      shop_notify_email: v.shop_notify_email.trim() || null,
    };
  })
  .pipe(settingsUpdateSchema);

/** 0.078 -> '7.8'; 8 -> '8.00'. */
export const toFormValues = (s: Settings): SettingsFormValues => ({
  tax_rate: String(Number((s.tax_rate * 100).toFixed(4))),
  shipping_cost: s.shipping_cost.toFixed(2),
  name_cost: s.name_cost.toFixed(2),
  us_flag_cost: s.us_flag_cost.toFixed(2),
  az_flag_cost: s.az_flag_cost.toFixed(2),
  lead_time_days: String(s.lead_time_days),
  // Only an admin's answer has it, and only admins reach this screen; 30 is the column's default.
  account_terms_days: String(s.account_terms_days ?? 30),
  shop_notify_email: s.shop_notify_email ?? '',
});
