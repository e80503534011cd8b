import { z } from 'zod';
import { DUE_OPEN_STATUSES } from './order-statuses';
import type { OrderStatus } from './orders';
import { formatDueDay } from './shop-day-words';
import { shopDaySchema } from './shop-days';

// Due dates as people read and ask for them (docs/product.md#due-dates): the words, the field, and when an order is
// late. The working-day arithmetic is in due-dates.ts.

export const DUE_DATE_PAST = 'The due date cannot be in the past';
export const LEAD_TIME_MAX = 60;
export const LEAD_TIME_MESSAGE = `Lead time must be a whole number of working days from 0 to ${LEAD_TIME_MAX}`;

// The day's own words live apart (shop-day-words.ts), so a screen that only shows a day does not load Zod.
export { formatDueDay };

/** The checkout's refusal of a day too soon, the same words in the form and in the API's 400. */
export const earliestDueMessage = (earliest: string) =>
  `The earliest we can have it ready is ${formatDueDay(earliest)}`;

export type DueStanding = 'overdue' | 'due_today' | null;

/** Overdue: due before today and not ready yet; due today: due today and not ready yet. */
export function dueStanding(dueDate: string, status: OrderStatus, today: string): DueStanding {
  if (!DUE_OPEN_STATUSES.includes(status)) return null;
  if (dueDate < today) return 'overdue';
  return dueDate === today ? 'due_today' : null;
}

export const DUE_STANDING_WORDS: Record<Exclude<DueStanding, null>, string> = {
  overdue: 'Overdue',
  due_today: 'Due today',
};

/** The staff list's due filters: late orders, orders due today, orders due from today to Sunday. */
export const DUE_FILTERS = ['overdue', 'today', 'week'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
export const DUE_FILTER_LABELS: Record<DueFilter, string> = {
  overdue: 'Overdue',
  today: 'Due today',
  week: 'Due this week',
};

/** The Sunday that ends the week of `day` (Monday to Sunday), or `day` itself when it is a Sunday. */
export function endOfWeek(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}

/** PUT /orders/admin/:id/due-date: staff may set any day from today on, even inside the lead time. */
export const dueDateChangeSchema = z.object({
  due_date: shopDaySchema,
  /** Shown to the customer, in the timeline and the e-mail. */
  comments: z
    .string()
    .trim()
    .max(1000, 'Comments must be at most 1000 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type DueDateChange = z.infer<typeof dueDateChangeSchema>;
