import { z } from 'zod';
import { checkoutSchema, NOTES_MAX, PO_NUMBER_MAX, shippingAddressSchema } from '@shared/orders';
import { PAYMENT_METHODS, type PaymentMethod } from '@shared/payments';
import { earliestDueMessage } from '@shared/due-date-rules';
import { shopDayProblem } from '@shared/shop-days';

/** The form keeps the address fields even for pickup; they are checked (with the shared rules) only when shipping. */
export const checkoutFormSchema = z
  .object({
    fulfillment: z.enum(['pickup', 'shipping']),
    address: z.object({
      address_line1: z.string(),
      address_line2: z.string(),
      city: z.string(),
      state: z.string(),
      zip_code: z.string(),
    }),
    po_number: z.string().max(PO_NUMBER_MAX, `PO number must be at most ${PO_NUMBER_MAX} characters`),
    notes: z.string().max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`),
    /** '' until the customer picks one: the default of the chosen fulfillment applies. */
    payment_method: z.enum(PAYMENT_METHODS).or(z.literal('')),
    /** "Need it by": '' for the earliest day; checked against it on submit (dueDateProblem). */
    due_date: z.string(),
    /** Which saved address ships: its id, 'new' for one typed here, '' until the saved ones have loaded. */
    address_choice: z.string(),
    /** A new address is saved to the profile too. */
    save_address: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.fulfillment !== 'shipping') return;
    const r = shippingAddressSchema.safeParse(v.address);
    if (!r.success)
      for (const i of r.error.issues)
        ctx.addIssue({ code: 'custom', message: i.message, path: ['address', ...i.path] });
  });
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** The methods the server offers for the fulfillment, the default first: the customer's pick if it is one of them. */
export const chosenMethod = (picked: PaymentMethod | '', offered: readonly PaymentMethod[]): PaymentMethod | null =>
  picked && offered.includes(picked) ? picked : (offered[0] ?? null);

export function toCheckoutBody(v: CheckoutForm, method: PaymentMethod | null) {
  return checkoutSchema.parse({
    fulfillment: v.fulfillment,
    shipping_address: v.fulfillment === 'shipping' ? v.address : null,
    po_number: v.po_number,
    notes: v.notes,
    payment_method: method,
    due_date: v.due_date || null,
  });
}

/** Why the day asked for cannot be promised (the API's own words), or null. Shop days compare as text. */
export function dueDateProblem(asked: string, earliest: string): string | null {
  if (!asked) return null;
  return shopDayProblem(asked) ?? (asked < earliest ? earliestDueMessage(earliest) : null);
}
