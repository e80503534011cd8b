import { z } from 'zod';
import { emailField, formatPhone, requiredPhoneField, zipField } from './fields';

// The shop's own identity (docs/product.md#the-shops-identity): what invoices, statements, receipts, packing slips,
// quotes and every mail print about the shop. One settings row holds it; an empty tax id or logo is left off.

export const shopIdentitySchema = z.object({
  trading_name: z.string(),
  legal_name: z.string(),
  address: z.object({ street: z.string(), city: z.string(), region: z.string(), postal_code: z.string() }),
  phone: z.string(),
  email: z.string(),
  tax_id: z.string().nullable(),
  /** A data: URL of a PNG, JPEG or WebP, or null for none. */
  logo: z.string().nullable(),
});
export type ShopIdentity = z.infer<typeof shopIdentitySchema>;
export const shopIdentityAnswer = z.object({ success: z.literal(true), identity: shopIdentitySchema });

/** The logo's largest size as a data: URL (about 90 kB of image): a mark for paper, not a photograph. */
export const LOGO_MAX_CHARS = 120_000;
export const LOGO_TOO_LARGE = 'The logo must be smaller than 90 kB';
export const LOGO_FORMAT = 'The logo must be a PNG, JPEG or WebP image';
const LOGO_RE = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** PUT /settings/identity: the whole identity at once; empty tax id or logo means none. */
export const shopIdentityUpdateSchema = z.object({
  trading_name: text('Trading name', 100),
  legal_name: text('Legal name', 150),
  street: text('Street address', 150),
  city: text('City', 80),
  region: z
    .string({ error: 'State is required' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'State must be two letters')
    .transform((v) => v.toUpperCase()),
  postal_code: zipField,
  phone: requiredPhoneField.transform(formatPhone),
  email: emailField,
  tax_id: z
    .string()
    .trim()
    .max(40, 'Tax id must be at most 40 characters')
    .nullable()
    .optional()
    .transform((v) => v || null),
  logo: z
    .string()
    .max(LOGO_MAX_CHARS, LOGO_TOO_LARGE)
    .refine((v) => v === '' || LOGO_RE.test(v), LOGO_FORMAT)
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type ShopIdentityUpdate = z.infer<typeof shopIdentityUpdateSchema>;
/** What the form edits: the request before its transforms. */
export type ShopIdentityForm = z.input<typeof shopIdentityUpdateSchema>;

/** "2150 W Grant St, Phoenix, AZ 85009". */
export const identityAddress = (i: Pick<ShopIdentity, 'address'>) =>
  `${i.address.street}, ${i.address.city}, ${i.address.region} ${i.address.postal_code}`;
