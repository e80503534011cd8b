import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { REPLY_MAX, replySchema, type ReplyInput } from '@shared/contact';
import { Button, Field, Textarea } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useSendReply } from './api/mutations';
import { SavedReplyPicker } from './saved-reply-picker';

/** The staff reply: the message is e-mailed to the sender; the notes stay inside the shop. */
export function ReplyForm({ messageId, to }: { messageId: number; to: string }) {
  const send = useSendReply();

  const { register, handleSubmit, reset, watch, setValue, setFocus, formState } = useForm<ReplyInput>({
    resolver: zodResolver(replySchema),
    defaultValues: { message: '', admin_notes: '' },
  });
  const message = watch('message') ?? '';
  const submit = (body: ReplyInput) =>
    send.mutate(
      { messageId, body },
      {
        onSuccess: () => {
          reset();
          toast.success(`Reply sent to ${to}`);
        },
        onError: () => toast.error('Failed to send reply'),
      },
    );
  const error = formState.errors.message?.message;
  // A saved reply joins what is already written (after a blank line) and the cursor goes back to edit it.
  const insert = (body: string) => {
    const now = message.trimEnd();
    setValue('message', now ? `${now}\n\n${body}` : body, { shouldDirty: true, shouldValidate: !!error });
    setFocus('message');
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      className="space-y-2 border-t border-gray-800 bg-ink-900/60 px-4 py-3"
      aria-label="Reply"
    >
      {/* The saved replies sit beside the label, so the composer is no taller for them. */}
      <div className="flex items-center gap-2">
        <p aria-hidden className="min-w-0 flex-1 truncate text-sm font-medium text-gray-200">
          Reply to {to}
        </p>
        <SavedReplyPicker onPick={insert} />
      </div>
      <Field id="reply-message" label={`Reply to ${to}`} labelHidden error={error}>
        <Textarea
          rows={3}
          maxLength={REPLY_MAX}
          placeholder="Write your reply. It is e-mailed to the customer."
          className="max-h-48 resize-y"
          {...register('message')}
        />
      </Field>
      {/* The notes take one line beside Send (growing when dragged), so at 1024 and 1280 the customer's message stays in view. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1 rounded-lg border border-dashed border-amber-500/40 bg-amber-500/5 px-3 py-2">
          <div className="mb-1 flex flex-wrap items-center gap-x-1.5">
            <label htmlFor="reply-notes" className="flex items-center gap-1.5 text-sm font-medium text-amber-300">
              <Lock className="h-3.5 w-3.5" aria-hidden />
              Internal notes
            </label>
            <span id="reply-notes-hint" className="text-xs text-amber-200/70">
              For staff only. Never sent to the customer.
            </span>
          </div>
          <Textarea
            id="reply-notes"
            rows={1}
            aria-describedby="reply-notes-hint"
            placeholder="Optional: quote given, follow-up needed…"
            className="resize-y"
            {...register('admin_notes')}
          />
        </div>
        <Button
          type="submit"
          loading={send.isPending}
          disabled={message.trim().length === 0}
          className="self-end text-sm"
        >
          {send.isPending ? null : <Send className="h-4 w-4" aria-hidden />}
          {send.isPending ? 'Sending…' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}
