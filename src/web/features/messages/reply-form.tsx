import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { REPLY_MAX, replySchema, type ReplyInput } from '@shared/contact';
import { toast } from '@web/lib/toast';
import { useSendReply } from './api/mutations';

const box =
  'w-full rounded-lg border border-gray-700 bg-ink-950 px-3 py-2 text-sm text-gray-100 placeholder:text-gray-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none aria-invalid:border-red-500';

/** The staff reply: the message is e-mailed to the sender; the notes stay inside the shop. */
export function ReplyForm({ messageId, to }: { messageId: number; to: string }) {
  const send = useSendReply();
  const { register, handleSubmit, reset, watch, formState } = useForm<ReplyInput>({
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

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      className="space-y-3 border-t border-gray-800 bg-ink-900/60 p-4"
      aria-label="Reply"
    >
      <div>
        <label htmlFor="reply-message" className="mb-1 block text-sm font-medium text-gray-300">
          Reply to {to}
        </label>
        <textarea
          id="reply-message"
          rows={4}
          maxLength={REPLY_MAX}
          aria-invalid={error ? true : undefined}
          placeholder="Write your reply. It is e-mailed to the customer."
          className={`${box} resize-y`}
          {...register('message')}
        />
        {error ? (
          <p role="alert" className="mt-1 text-sm text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <div className="rounded-lg border border-dashed border-amber-500/40 bg-amber-500/5 p-3">
        <label htmlFor="reply-notes" className="mb-1 flex items-center gap-1.5 text-sm font-medium text-amber-300">
          <Lock className="h-3.5 w-3.5" aria-hidden />
          Internal notes
        </label>
        <p id="reply-notes-hint" className="mb-2 text-xs text-amber-200/70">
          For staff only. Never sent to the customer.
        </p>
        <textarea
          id="reply-notes"
          rows={2}
          aria-describedby="reply-notes-hint"
          placeholder="Optional: quote given, follow-up needed…"
          className={`${box} resize-y`}
          {...register('admin_notes')}
        />
      </div>
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={send.isPending || message.trim().length === 0}
          className="inline-flex items-center gap-2 rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Send className="h-4 w-4" aria-hidden />
          {send.isPending ? 'Sending…' : 'Send reply'}
        </button>
      </div>
    </form>
  );
}
