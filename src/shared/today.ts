import { z } from 'zod';
import { ORDER_STATUSES, type AdminFilters } from './orders';
import { artworkCounts } from './artwork';

// The staff home (docs/product.md#today): counts of the day's work, each the total of one view of the order list.

export const TODAY_ORDER_KEYS = [
  'new_orders',
  'awaiting_approval',
  'due_today',
  'overdue',
  'uncollected',
  'owed_after_delivery',
  'refunds_due',
] as const;
export type TodayOrderKey = (typeof TODAY_ORDER_KEYS)[number];

/** The order list's filters (GET /orders/admin/all) behind each count: a count and its list can never disagree. */
export type TodayView = Partial<Pick<AdminFilters, 'status' | 'from' | 'due' | 'stage' | 'pickup' | 'payment'>> & {
  sort?: 'oldest';
};

/** The shop day before `day`. */
export function dayBefore(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Each count's view on the shop day `today`. */
export function todayViews(today: string): Record<TodayOrderKey, TodayView> {
  return {
    new_orders: { from: dayBefore(today) },
    awaiting_approval: { status: 'awaiting_approval', sort: 'oldest' },
    due_today: { due: 'today' },
    overdue: { due: 'overdue', sort: 'oldest' },
    uncollected: { pickup: 'uncollected', sort: 'oldest' },
    owed_after_delivery: { stage: 'delivered', payment: 'owed_past_terms', sort: 'oldest' },
    refunds_due: { payment: 'refund_due', sort: 'oldest' },
  };
}

/** How many of each short list the page shows. */
export const TODAY_LIST_SIZE = 5;

const todayOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  customer_name: z.string(),
  created_at: z.string(),
  due_date: z.string(),
});
export type TodayOrder = z.infer<typeof todayOrderSchema>;

export const todayAnswer = z.object({
  success: z.literal(true),
  today: z.object({
    /** The shop day the counts were taken on, "2026-11-26". */
    day: z.string(),
    orders: z.array(
      z.object({
        key: z.enum(TODAY_ORDER_KEYS),
        count: z.number().int(),
        /** The earliest placement among them: how long the oldest has waited. */
        oldest_at: z.string().nullable(),
        items: z.array(todayOrderSchema),
      }),
    ),
    unread_conversations: z.number().int(),
    held_mail: z.number().int(),
    /** The artwork queue: how many artworks are in each status (docs/product.md#artwork-and-proofs). */
    artwork: artworkCounts,
    /** Outgoing mail given up on, and mail unsent 15 minutes after it was due (the admin mail screen lists both). */
    mail_failed: z.number().int(),
    mail_late: z.number().int(),
  }),
});
export type Today = z.infer<typeof todayAnswer>['today'];
