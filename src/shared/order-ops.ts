import { z } from 'zod';
import { rowIdNumber } from './fields';
import { INTERNAL_NOTE_MAX, optionalTrimmed, ORDER_STATUSES, orderSchema, REASON_MAX } from './orders';

// Staff operations on orders: bulk status moves, internal notes, shipping carriers.
export const BULK_MAX = 200;

/** The carriers whose public tracking page we can link to; another carrier's name is kept but gets no link. */
const TRACKING_PAGES: Record<string, (n: string) => string> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
};

export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const page = TRACKING_PAGES[carrier.trim().toLowerCase()];
  return page ? page(encodeURIComponent(trackingNumber)) : null;
}

export const internalNoteField = optionalTrimmed(
  INTERNAL_NOTE_MAX,
  `The internal note must be at most ${INTERNAL_NOTE_MAX} characters`,
);

export const BULK_SHIPPED_REFUSED = 'Mark shipped orders one at a time with their tracking number';

export const bulkStatusSchema = z
  .object({
    order_ids: z
      .array(rowIdNumber('Order ids must be numbers'), {
        error: 'Choose at least one order',
      })
      .min(1, 'Choose at least one order')
      .max(BULK_MAX, `At most ${BULK_MAX} orders at a time`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each order may be listed once'),
    status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }),
    denial_reason: optionalTrimmed(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
    comments: optionalTrimmed(REASON_MAX, `Comments must be at most ${REASON_MAX} characters`),
    internal_note: internalNoteField,
    /** Complete orders that still owe money (otherwise each is listed as failed with UNPAID_BALANCE's words). */
    allow_unpaid: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'denied' && !v.denial_reason) {
      ctx.addIssue({ code: 'custom', path: ['denial_reason'], message: 'A denial reason is required' });
    }
    if (v.status === 'shipped') ctx.addIssue({ code: 'custom', path: ['status'], message: BULK_SHIPPED_REFUSED });
  });
export type BulkStatusInput = z.infer<typeof bulkStatusSchema>;

export const bulkFailureSchema = z.object({
  id: z.number(),
  order_number: z.string().nullable(),
  detail: z.string(),
  /** UNPAID_BALANCE when the order owes money and allow_unpaid was not given. */
  code: z.string().optional(),
});
export type BulkFailure = z.infer<typeof bulkFailureSchema>;
export const bulkStatusAnswer = z.object({
  success: z.literal(true),
  updated: z.array(z.number()),
  failed: z.array(bulkFailureSchema),
});

export const orderNoteSchema = z.object({
  note: z
    .string({ error: 'Write a note' })
    .trim()
    .min(1, 'Write a note')
    .max(INTERNAL_NOTE_MAX, `The note must be at most ${INTERNAL_NOTE_MAX} characters`),
});

export const staffOrderAnswer = z.object({ success: z.literal(true), order: orderSchema });
