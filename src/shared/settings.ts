import { z } from 'zod';
import { EMAIL_MAX } from './constants';
import { emailField } from './fields';
import { LEAD_TIME_MAX, LEAD_TIME_MESSAGE } from './due-date-rules';

export const settingsSchema = z.object({
  tax_rate: z.number(),
  shipping_cost: z.number(),
  customization_cost: z.number(),
  /** Working days (Monday to Friday) from today to the earliest due date; earliest_due_date is that day today. */
  lead_time_days: z.number(),
  earliest_due_date: z.string(),
  /** Where new-order notices go; only in answers to admins (an inbox address is not for the public). */
  shop_notify_email: z.string().nullable().optional(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsAnswer = z.object({ success: z.literal(true), settings: settingsSchema });

const money = (label: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .min(0, `${label} must be between 0 and 1000`)
    .max(1000, `${label} must be between 0 and 1000`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} can have at most two decimals`);

/** Admin update: tax_rate is a fraction (0.078); the screen shows and takes it as a percent. */
export const settingsUpdateSchema = z.object({
  tax_rate: z
    .number({ error: (iss) => (iss.input === undefined ? 'Tax rate is required' : 'Tax rate must be a number') })
    .min(0, 'Tax rate must be between 0% and 25%')
    .max(0.25, 'Tax rate must be between 0% and 25%')
    .refine(
      (v) => Math.abs(Math.round(v * 10000) - v * 10000) < 1e-6,
      'Tax rate can have at most two decimals as a percent',
    ),
  shipping_cost: money('Shipping cost'),
  customization_cost: money('Customization cost'),
  /** Absent: unchanged. */
  lead_time_days: z
    .number({ error: LEAD_TIME_MESSAGE })
    .int(LEAD_TIME_MESSAGE)
    .min(0, LEAD_TIME_MESSAGE)
    .max(LEAD_TIME_MAX, LEAD_TIME_MESSAGE)
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
});
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
