import { AlarmClock, CalendarClock } from 'lucide-react';
import { dueStanding, DUE_STANDING_WORDS, formatDueDay } from '@shared/due-date-rules';
import type { OrderStatus } from '@shared/orders';

/**
 * The day an order is due, and "Overdue" or "Due today" beside it while it is still to be made ready: a word and an
 * icon as well as the colour, so the colour is never the only sign.
 */
export function DueBadge({ due, status, today }: { due: string; status: OrderStatus; today: string }) {
  const standing = dueStanding(due, status, today);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="order-due" data-standing={standing ?? ''}>
      <time dateTime={due} className="whitespace-nowrap text-gray-200">
        {formatDueDay(due, false)}
      </time>
      {standing ? (
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${
            standing === 'overdue'
              ? 'bg-red-500/20 text-red-200 ring-red-400/60'
              : 'bg-amber-500/15 text-amber-200 ring-amber-400/50'
          }`}
        >
          {standing === 'overdue' ? (
            <AlarmClock className="h-3 w-3" aria-hidden />
          ) : (
            <CalendarClock className="h-3 w-3" aria-hidden />
          )}
          {DUE_STANDING_WORDS[standing]}
        </span>
      ) : null}
    </span>
  );
}
