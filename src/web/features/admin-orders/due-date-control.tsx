import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DUE_DATE_PAST, dueDateChangeSchema, formatDueDay } from '@shared/due-date-rules';
import { DUE_OPEN_STATUSES } from '@shared/order-statuses';
import type { Order } from '@shared/orders';
import { shopDay } from '@shared/time';
import { DueBadge } from '@web/components/orders/due-badge';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Button, Field, Input, Textarea } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useChangeDueDate } from './api/admin-orders-api';

/**
 * The order's due date and, while it is still to be made ready, "Change due date": any day from today on, even inside
 * the lead time (PUT /orders/admin/:id/due-date). The customer is e-mailed the new day with the comments.
 */
export function DueDateControl({ order }: { order: Order }) {
  const today = shopDay(new Date());
  const [open, setOpen] = useState(false);
  // The server refuses a past day too; asking here keeps the words under the field.
  const schema = dueDateChangeSchema.superRefine((v, ctx) => {
    if (v.due_date < today) ctx.addIssue({ code: 'custom', path: ['due_date'], message: DUE_DATE_PAST });
  });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { due_date: order.due_date, comments: '' },
  });
  const change = useChangeDueDate();
  const changeable = DUE_OPEN_STATUSES.includes(order.status);

  const submit = async (body: z.output<typeof schema>) => {
    try {
      const saved = await change.mutateAsync({ id: order.id, body });
      toast.success(`Due date changed to ${formatDueDay(saved.due_date)}. The customer was e-mailed.`);
      form.setValue('comments', '');
      setOpen(false);
    } catch (err) {
      showServerErrors(err, form.setError, ['due_date', 'comments'], 'Failed to change the due date');
    }
  };
  const e = form.formState.errors;

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
            form.clearErrors();
            form.setValue('due_date', order.due_date);
            setOpen(true);
          }}
        >
          <CalendarDays className="h-4 w-4" aria-hidden />
          Change due date
        </Button>
      ) : null}
      {open ? (
        <form
          onSubmit={form.handleSubmit(submit)}
          noValidate
          className="mt-2 space-y-2 rounded-lg border border-edge p-3"
        >
          <Field
            label="New due date"
            error={e.due_date?.message ?? e.root?.server?.message}
            hint="Any day from today on, even inside the lead time."
          >
            <Input type="date" autoFocus min={today} className="[color-scheme:dark]" {...form.register('due_date')} />
          </Field>
          <Field label="Comments for the customer (optional)" error={e.comments?.message}>
            <Textarea rows={2} maxLength={1000} {...form.register('comments')} />
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
