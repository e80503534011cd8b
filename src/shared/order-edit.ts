import { z } from 'zod';
import { optionalTrimmed, orderItemInputSchema, REASON_MAX, type OrderStatus } from './orders';

// Staff edit of an order's lines (PUT /orders/admin/:id/items): what may be sent and when it is allowed.

/** Lines can change until production starts; later the order is being made from them. */
export const STAFF_EDITABLE: readonly OrderStatus[] = ['awaiting_approval', 'pending'];
export const INTERNAL_NOTE_MAX = 2000;
export const NOTHING_CHANGED = 'Nothing changed';

export const staffEditSchema = z.object({
  items: z
    .array(orderItemInputSchema, { error: 'An order needs at least one item' })
    .min(1, 'An order needs at least one item')
    .max(100, 'At most 100 lines per order'),
  /** Shown to the customer, in the timeline and the e-mail. */
  comments: optionalTrimmed(REASON_MAX, `Comments must be at most ${REASON_MAX} characters`),
  /** Staff only: never in a customer answer or e-mail. */
  internal_note: optionalTrimmed(
    INTERNAL_NOTE_MAX,
    `The internal note must be at most ${INTERNAL_NOTE_MAX} characters`,
  ),
});
export type StaffEditInput = z.infer<typeof staffEditSchema>;
