import { z } from 'zod';
import { cartSchema } from './cart';

export const FULFILLMENTS = ['pickup', 'shipping'] as const;
export const quoteQuerySchema = z.object({
  fulfillment: z.enum(FULFILLMENTS, { error: 'Choose pickup or shipping' }).default('pickup'),
});

/** GET /checkout/quote: exactly what POST /orders/ will charge for the current cart if nothing changes. */
export const quoteSchema = cartSchema.extend({
  fulfillment: z.enum(FULFILLMENTS),
  shipping_cost: z.number(),
  /** Lines that cannot be ordered as they are (a product taken off the store), each with why. */
  blocked: z.array(z.object({ item_id: z.number(), reason: z.string() })),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteAnswer = z.object({ success: z.literal(true), quote: quoteSchema });
