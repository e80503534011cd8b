import { z } from 'zod';
import { DEFAULT_STATE } from '@shared/constants';
import { NOTES_MAX, PO_NUMBER_MAX, shippingAddressSchema } from '@shared/orders';
import { PAYMENT_METHODS, type PaymentMethod } from '@shared/payments';
import { ORDER_CHANNELS, type CustomerQuoteInput, type PlaceForCustomerBody } from '@shared/phone-orders';
import { FULFILLMENTS } from '@shared/quote';

/**
 * The phone order's own fields (the lines are the line editor's): the address is kept for pickup too and checked with
 * the shared address rule only when shipping, as the checkout form does. The whole body is checked again with
 * placeForCustomerSchema on submit.
 */
export const phoneOrderFormSchema = z
  .object({
    channel: z.enum(ORDER_CHANNELS),
    fulfillment: z.enum(FULFILLMENTS),
    address: z.object({
      address_line1: z.string(),
      address_line2: z.string(),
      city: z.string(),
      zip_code: z.string(),
    }),
    po_number: z.string().max(PO_NUMBER_MAX, `PO number must be at most ${PO_NUMBER_MAX} characters`),
    notes: z.string().max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`),
    /** '' until staff pick one: the first method offered for the fulfillment applies. */
    payment_method: z.enum(PAYMENT_METHODS).or(z.literal('')),
  })
  .superRefine((v, ctx) => {
    if (v.fulfillment !== 'shipping') return;
    const r = shippingAddressSchema.safeParse({ ...v.address, state: DEFAULT_STATE });
    if (!r.success)
      for (const i of r.error.issues)
        ctx.addIssue({ code: 'custom', message: i.message, path: ['address', ...i.path] });
  });
export type PhoneOrderForm = z.infer<typeof phoneOrderFormSchema>;

/** The picked way to pay if the fulfillment offers it, else the first one offered. */
export const chosenMethod = (picked: PaymentMethod | '', offered: readonly PaymentMethod[]): PaymentMethod | null =>
  picked && offered.includes(picked) ? picked : (offered[0] ?? null);

/** The request body from the form, the priced lines and the allowance the quote shown applied. */
export function toPlaceBody(
  v: PhoneOrderForm,
  items: CustomerQuoteInput['items'],
  method: PaymentMethod | null,
  expectedAllowance: number | null,
): PlaceForCustomerBody {
  return {
    items,
    channel: v.channel,
    fulfillment: v.fulfillment,
    shipping_address:
      v.fulfillment === 'shipping'
        ? { ...v.address, address_line2: v.address.address_line2.trim() || null, state: DEFAULT_STATE as 'AZ' }
        : null,
    po_number: v.po_number,
    notes: v.notes,
    payment_method: method,
    expected_allowance: expectedAllowance,
  };
}

/** What happens to the money, for the way to pay chosen. */
export function paymentNote(method: PaymentMethod | null, department: string | null): string {
  if (method === 'card') return 'The customer pays online through the link in their confirmation e-mail.';
  if (method === 'account') return `Invoiced to ${department ?? 'the department'}.`;
  if (method === 'invoice') return 'We e-mail the invoice; the order ships once it is paid.';
  if (method === 'pickup') return 'The customer pays at the counter when they collect the order.';
  return '';
}
