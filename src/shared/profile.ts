import { z } from 'zod';
import { DEFAULT_STATE, ZIP_DIGITS } from './constants';
import { requiredPhoneField } from './fields';

// SPEC §3 profile update payload with the SPEC §5 profile rules; the modal and PUT /users/profile/ share it.
const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be less than 100 characters`);

const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be less than ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const profileSchema = z.object({
  first_name: requiredName('First name'),
  last_name: requiredName('Last name'),
  phone: requiredPhoneField,
  address_line1: optionalLine(200),
  address_line2: optionalLine(200),
  city: optionalLine(100),
  // The shop serves Arizona only: whatever is sent, AZ is stored.
  state: z
    .string()
    .optional()
    .nullable()
    .transform(() => DEFAULT_STATE),
  zip_code: z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || new RegExp(`^\\d{${ZIP_DIGITS}}$`).test(v), 'ZIP code must be 5 digits'),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileUpdate = z.output<typeof profileSchema>;

export const profileUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(['admin', 'employee', 'other']),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string(),
  zip_code: z.string().nullable(),
  needs_profile_completion: z.boolean(),
  profile_completed: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;
