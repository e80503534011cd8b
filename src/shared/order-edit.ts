import { z } from 'zod';
import { quoteTotalsShape } from './pricing';
import { optionalTrimmed, orderItemInputSchema, REASON_MAX } from './orders';

// Staff edit of an order's lines (PUT /orders/admin/:id/items): what may be sent and when it is allowed.

export const INTERNAL_NOTE_MAX = 2000;
export const NOTHING_CHANGED = 'Nothing changed';

const itemsField = z
  .array(orderItemInputSchema, { error: 'An order needs at least one item' })
  .min(1, 'An order needs at least one item')
  .max(100, 'At most 100 lines per order');

export const staffEditSchema = z.object({
  items: itemsField,
  /** Why, for the customer and the timeline; required once the order is in production (REASON_REQUIRED). */
  reason: optionalTrimmed(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
  /** Shown to the customer, in the timeline and the e-mail. */
  comments: optionalTrimmed(REASON_MAX, `Comments must be at most ${REASON_MAX} characters`),
  /** Staff only: never in a customer answer or e-mail. */
  internal_note: optionalTrimmed(
    INTERNAL_NOTE_MAX,
    `The internal note must be at most ${INTERNAL_NOTE_MAX} characters`,
  ),
});
export type StaffEditInput = z.infer<typeof staffEditSchema>;

/** POST /orders/admin/:id/quote: the lines staff are typing, priced as saving them would, nothing written. */
export const staffEditQuoteSchema = z.object({ items: itemsField });
export type StaffEditQuoteInput = z.infer<typeof staffEditQuoteSchema>;

export const staffEditQuoteAnswer = z.object({
  success: z.literal(true),
  quote: z.object({
    ...quoteTotalsShape,
    /** The order's total now, before the edit. */
    previous_total: z.number(),
  }),
});
export type StaffEditQuote = z.infer<typeof staffEditQuoteAnswer>['quote'];
