import { zodResolver } from '@hookform/resolvers/zod';
import { StickyNote } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { orderNoteSchema } from '@shared/order-ops';
import { INTERNAL_NOTE_MAX } from '@shared/orders';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Button, Field, Textarea } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useAddNote } from './api/admin-orders-api';
import { INTERNAL_NOTE_LABEL } from './note-fields';

/** "Add internal note": a staff-only line on the timeline at any status (POST /orders/admin/:id/notes). */
export function InternalNoteForm({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false);
  const add = useAddNote();
  const form = useForm<z.input<typeof orderNoteSchema>, unknown, z.output<typeof orderNoteSchema>>({
    resolver: zodResolver(orderNoteSchema),
    defaultValues: { note: '' },
  });
  if (!open)
    return (
      <Button variant="secondary" size="sm" className="border-dashed" onClick={() => setOpen(true)}>
        <StickyNote className="h-4 w-4" aria-hidden />
        Add internal note
      </Button>
    );
  const submit = async ({ note }: z.output<typeof orderNoteSchema>) => {
    try {
      await add.mutateAsync({ id: orderId, note });
      toast.success('Internal note added');
      form.reset();
      setOpen(false);
    } catch (err) {
      showServerErrors(err, form.setError, ['note'], 'Failed to add the note');
    }
  };
  const e = form.formState.errors;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="space-y-2 rounded-lg border border-dashed border-edge p-3"
      data-testid="internal-note-form"
    >
      <Field label={INTERNAL_NOTE_LABEL} error={e.note?.message ?? e.root?.server?.message}>
        <Textarea autoFocus rows={3} maxLength={INTERNAL_NOTE_MAX} {...form.register('note')} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={add.isPending}>
          Save note
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
