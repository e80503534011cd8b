import { StickyNote } from 'lucide-react';
import { useState } from 'react';
import { orderNoteSchema } from '@shared/order-ops';
import { INTERNAL_NOTE_MAX } from '@shared/orders';
import { Button, Field, Textarea } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAddNote } from './api/admin-orders-api';
import { INTERNAL_NOTE_LABEL } from './note-fields';

/** "Add internal note": a staff-only line on the timeline at any status (POST /orders/admin/:id/notes). */
export function InternalNoteForm({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddNote();
  if (!open)
    return (
      <Button variant="secondary" size="sm" className="border-dashed" onClick={() => setOpen(true)}>
        <StickyNote className="h-4 w-4" aria-hidden />
        Add internal note
      </Button>
    );
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = orderNoteSchema.safeParse({ note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Write a note');
    try {
      await add.mutateAsync({ id: orderId, note: parsed.data.note });
      toast.success('Internal note added');
      setNote('');
      setOpen(false);
    } catch (err) {
      setError(errorText(err, 'Failed to add the note'));
    }
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-2 rounded-lg border border-dashed border-edge p-3"
      data-testid="internal-note-form"
    >
      <Field label={INTERNAL_NOTE_LABEL} error={error}>
        <Textarea
          autoFocus
          rows={3}
          value={note}
          maxLength={INTERNAL_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
        />
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
