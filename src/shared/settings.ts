import { z } from 'zod';
import { EMAIL_MAX } from './constants';
import { emailField } from './fields';
import { LEAD_TIME_MAX, LEAD_TIME_MESSAGE } from './due-date-rules';

export const ACCOUNT_TERMS_MAX = 365;
export const ACCOUNT_TERMS_MESSAGE = `Account terms must be a whole number of days from 0 to ${ACCOUNT_TERMS_MAX}`;

export const settingsSchema = z.object({
  tax_rate: z.number(),
  shipping_cost: z.number(),
  /** The price of a name, kept for clients that know one customisation price; each kind has its own below. */
  customization_cost: z.number(),
  /** Working days (Monday to Friday) from today to the earliest due date; earliest_due_date is that day today. */
  lead_time_days: z.number(),
  earliest_due_date: z.string(),
  name_cost: z.number(),
  us_flag_cost: z.number(),
  az_flag_cost: z.number(),
  /** Where new-order notices go; only in answers to admins (an inbox address is not for the public). */
  shop_notify_email: z.string().nullable().optional(),
  /** Days a department has to pay an order on its account before Today counts it as money owed; admins only. */
  account_terms_days: z.number().optional(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsAnswer = z.object({ success: z.literal(true), settings: settingsSchema });

const money = (label: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .min(0, `${label} must be between 0 and 1000`)
    .max(1000, `${label} must be between 0 and 1000`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} can have at most two decimals`);

/** The per-kind price fields, with the labels their messages use. */
export const CUSTOMIZATION_COST_FIELDS = [
  { field: 'name_cost', type: 'add_name', label: 'Name price' },
  { field: 'us_flag_cost', type: 'us_flag', label: 'US flag price' },
  { field: 'az_flag_cost', type: 'az_flag', label: 'Arizona flag price' },
] as const;

/**
 * Admin update: tax_rate is a fraction (0.078); the screen shows and takes it as a percent. Decorations are priced
 * per kind (name_cost, us_flag_cost, az_flag_cost, all three together); a client that sends only the older
 * customization_cost sets all three to it.
 */
export const settingsUpdateSchema = z
  .object({
    tax_rate: z
      .number({ error: (iss) => (iss.input === undefined ? 'Tax rate is required' : 'Tax rate must be a number') })
      .min(0, 'Tax rate must be between 0% and 25%')
      .max(0.25, 'Tax rate must be between 0% and 25%')
      .refine(
        (v) => Math.abs(Math.round(v * 10000) - v * 10000) < 1e-6,
        'Tax rate can have at most two decimals as a percent',
      ),
    shipping_cost: money('Shipping cost'),
    customization_cost: money('Customization cost').optional(),
    name_cost: money('Name price').optional(),
    us_flag_cost: money('US flag price').optional(),
    az_flag_cost: money('Arizona flag price').optional(),
    /** Absent: unchanged. */
    lead_time_days: z
      .number({ error: LEAD_TIME_MESSAGE })
      .int(LEAD_TIME_MESSAGE)
      .min(0, LEAD_TIME_MESSAGE)
      .max(LEAD_TIME_MAX, LEAD_TIME_MESSAGE)
      .optional(),
    /** Absent: unchanged. Days from placement an order on a department's account may stay unpaid (0: none). */
    account_terms_days: z
      .number({ error: ACCOUNT_TERMS_MESSAGE })
      .int(ACCOUNT_TERMS_MESSAGE)
      .min(0, ACCOUNT_TERMS_MESSAGE)
      .max(ACCOUNT_TERMS_MAX, ACCOUNT_TERMS_MESSAGE)
      .optional(),
    /** Absent: unchanged; empty or null: none (the SHOP_NOTIFY_EMAIL environment address, if any, is used). */
    shop_notify_email: z
      .string({ error: 'Please enter a valid email address' })
      .trim()
      .max(EMAIL_MAX, 'Email is too long')
      .nullable()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || emailField.safeParse(v).success, 'Please enter a valid email address')
      .optional(),
  })
  .superRefine((v, ctx) => {
    const missing = CUSTOMIZATION_COST_FIELDS.filter((f) => v[f.field] === undefined);
    if (missing.length === CUSTOMIZATION_COST_FIELDS.length) {
      if (v.customization_cost === undefined)
        ctx.addIssue({ code: 'custom', message: 'Customization cost is required', path: ['customization_cost'] });
      return;
    }
    for (const f of missing) ctx.addIssue({ code: 'custom', message: `${f.label} is required`, path: [f.field] });
  });
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
