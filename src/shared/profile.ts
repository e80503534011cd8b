import { z } from 'zod';
import { DEFAULT_STATE, ZIP_DIGITS } from './constants';
import { requiredPhoneField } from './fields';
import { userSchema } from './user';

// docs/architecture.md#the-api profile update payload with the docs/product.md#validation-messages profile rules; the modal and PUT /users/profile/ share it.
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

export const profileUserSchema = userSchema;
export const profileAnswer = z.object({ success: z.literal(true), user: profileUserSchema });
