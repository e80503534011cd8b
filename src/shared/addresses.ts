import { z } from 'zod';
import { shippingAddressSchema } from './orders';

// docs/product.md#saved-addresses: a customer's saved shipping addresses, checked by the checkout's own address rules
// (and their messages), with a name of the customer's choosing and a default checkout picks first.

export const ADDRESS_LABEL_MAX = 60;
export const SAVED_ADDRESSES_MAX = 20;
export const ADDRESS_MESSAGES = {
  tooMany: `You can keep at most ${SAVED_ADDRESSES_MAX} addresses. Delete one first.`,
  notFound: 'Address not found',
} as const;

export const addressInputSchema = shippingAddressSchema.extend({
  label: z
    .string()
    .trim()
    .max(ADDRESS_LABEL_MAX, `The name must be at most ${ADDRESS_LABEL_MAX} characters`)
    .optional()
    .nullable()
    .transform((v) => v ?? ''),
  /** Make this the default (the first address saved is the default whatever is sent). */
  is_default: z.boolean().optional(),
});
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressData = z.output<typeof addressInputSchema>;

export const savedAddressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  is_default: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const addressesAnswer = z.object({ success: z.literal(true), addresses: z.array(savedAddressSchema) });
export const addressAnswer = z.object({ success: z.literal(true), address: savedAddressSchema });

/** One line for a list or a radio: "Station 4 — 1 Station Way, Mesa AZ 85201". */
export function addressLine(a: Pick<SavedAddress, 'address_line1' | 'address_line2' | 'city' | 'state' | 'zip_code'>) {
  const street = [a.address_line1, a.address_line2].filter(Boolean).join(', ');
  return `${street}, ${a.city} ${a.state} ${a.zip_code}`;
}
