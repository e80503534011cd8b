import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { DUE_DATE_PAST, dueDateChangeSchema, formatDueDay } from '@shared/due-date-rules';
import { DUE_OPEN_STATUSES } from '@shared/order-statuses';
import type { Order } from '@shared/orders';
import { shopDay } from '@shared/time';
import { DueBadge } from '@web/components/orders/due-badge';
import { Button, Field, Input, Textarea } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useChangeDueDate } from './api/admin-orders-api';

/**
 * The order's due date and, while it is still to be made ready, "Change due date": any day from today on, even inside
 * the lead time (PUT /orders/admin/:id/due-date). The customer is e-mailed the new day with the comments.
 */
export function DueDateControl({ order }: { order: Order }) {
  const today = shopDay(new Date());
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(order.due_date);
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeDueDate();
  const changeable = DUE_OPEN_STATUSES.includes(order.status);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = dueDateChangeSchema.safeParse({ due_date: day, comments });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Choose a day');
    if (parsed.data.due_date < today) return setError(DUE_DATE_PAST);
    try {
      const saved = await change.mutateAsync({ id: order.id, body: parsed.data });
      toast.success(`Due date changed to ${formatDueDay(saved.due_date)}. The customer was e-mailed.`);
      setComments('');
      setOpen(false);
    } catch (err) {
      setError(errorText(err, 'Failed to change the due date'));
    }
  };

  return (
    <section aria-labelledby="due-date-h" data-testid="due-date-control">
      <h3 id="due-date-h" className="mb-1 font-semibold text-white">
        Due date
      </h3>
      <p className="text-sm">
        <DueBadge due={order.due_date} status={order.status} today={today} />
      </p>
      {changeable && !open ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => {
            setDay(order.due_date);
            setOpen(true);
          }}
        >
          <CalendarDays className="h-4 w-4" aria-hidden />
          Change due date
        </Button>
      ) : null}
      {open ? (
        <form onSubmit={submit} noValidate className="mt-2 space-y-2 rounded-lg border border-edge p-3">
          <Field label="New due date" error={error} hint="Any day from today on, even inside the lead time.">
            <Input
              type="date"
              autoFocus
              min={today}
              value={day}
              className="[color-scheme:dark]"
              onChange={(e) => setDay(e.target.value)}
            />
          </Field>
          <Field label="Comments for the customer (optional)">
            <Textarea rows={2} maxLength={1000} value={comments} onChange={(e) => setComments(e.target.value)} />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={change.isPending}>
              Save due date
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
