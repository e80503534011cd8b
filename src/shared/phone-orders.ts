import { z } from 'zod';
import { POSITIONS } from './cart';
import { productSchema } from './cart-catalog';
import { checkoutInfoSchema, checkoutSchema, orderItemInputSchema } from './orders';
import { FULFILLMENTS } from './quote';
import { quoteTotalsShape } from './pricing';

// Staff place an order on a customer's behalf (a phone or walk-in order): the lines come in the request, never from
// anybody's cart, and the order is placed exactly as the customer's own checkout would place it.

export const ORDER_CHANNELS = ['phone', 'walk_in'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_LABELS: Record<OrderChannel, string> = {
  phone: 'Phone order',
  walk_in: 'Walk-in order',
};

/** The timeline's words for who placed the order: "Placed by Sam Staff (phone order)". */
export const placedByText = (staffName: string, channel: OrderChannel) =>
  `Placed by ${staffName} (${ORDER_CHANNEL_LABELS[channel].toLowerCase()})`;

export const CUSTOMER_DEACTIVATED = 'This customer is deactivated: reactivate them before placing an order';

const itemsField = z
  .array(orderItemInputSchema, { error: 'An order needs at least one item' })
  .min(1, 'An order needs at least one item')
  .max(100, 'At most 100 lines per order');

const channelField = z.enum(ORDER_CHANNELS, { error: 'Say how the order reached you: phone or walk-in' });

/** POST /orders/admin/for-customer/:customerId: the lines, how the order came in, and the checkout's own fields. */
export const placeForCustomerSchema = z.object({ items: itemsField, channel: channelField }).and(checkoutSchema);
export type PlaceForCustomerInput = z.infer<typeof placeForCustomerSchema>;
// due_date's input is unknown to Zod (a preprocess turns '' into null); what the web sends is a day or nothing.
export type PlaceForCustomerBody = Omit<z.input<typeof placeForCustomerSchema>, 'due_date'> & {
  due_date?: string | null;
};

/** POST /orders/admin/for-customer/:customerId/quote: the lines priced for the customer, nothing written. */
export const customerQuoteSchema = z.object({
  items: itemsField,
  fulfillment: z.enum(FULFILLMENTS, { error: 'Choose pickup or shipping' }),
});
export type CustomerQuoteInput = z.infer<typeof customerQuoteSchema>;

export const customerQuoteSchemaAnswer = z.object({
  success: z.literal(true),
  quote: z.object({
    lines: z.array(
      z.object({
        product_id: z.number(),
        product_name: z.string(),
        size: z.string(),
        quantity: z.number(),
        customizations: z.array(
          z.object({ type: z.string(), position: z.enum(POSITIONS), text: z.string().nullable() }),
        ),
        unit_price: z.number(),
        total: z.number(),
      }),
    ),
    ...quoteTotalsShape,
    /** The allowance the quote applied (dollars): sent back when placing, so a balance spent meanwhile is noticed. */
    allowance: z.number(),
  }),
});
export type CustomerQuote = z.infer<typeof customerQuoteSchemaAnswer>['quote'];

/** GET /orders/admin/for-customer/:customerId: what staff need to build the order as the customer would. */
export const orderingForAnswer = checkoutInfoSchema.extend({
  success: z.literal(true),
  customer: z.object({
    id: z.number(),
    name: z.string().nullable(),
    email: z.string(),
    is_active: z.boolean(),
    /** The profile's address, offered as the shipping address. */
    address: z
      .object({
        address_line1: z.string(),
        address_line2: z.string().nullable(),
        city: z.string(),
        zip_code: z.string(),
      })
      .nullable(),
  }),
  /** The catalogue the customer sees: their department's when it limits it. */
  products: z.array(productSchema),
});
export type OrderingFor = Omit<z.infer<typeof orderingForAnswer>, 'success'>;
