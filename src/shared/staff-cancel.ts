import { z } from 'zod';
import { internalNoteField } from './order-ops';
import { optionalTrimmed, REASON_MAX } from './orders';
import { recordRefundSchema } from './payments';

/**
 * POST /orders/admin/:id/cancel: staff cancel an order that holds money, refunding it in the same step or not.
 * With `refund` the money goes back first and the order is cancelled in the same transaction, so neither happens
 * alone; without it the order is cancelled and shows "refund due" until the money is given back.
 */
export const staffCancelSchema = z.object({
  refund: recordRefundSchema.nullable().optional().default(null),
  denial_reason: optionalTrimmed(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
  comments: optionalTrimmed(REASON_MAX, `Comments must be at most ${REASON_MAX} characters`),
  internal_note: internalNoteField,
});
export type StaffCancelInput = z.infer<typeof staffCancelSchema>;
