import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquarePlus, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { messageCustomerSchema, REPLY_MAX, type MessageCustomerInput } from '@shared/contact';
import { Button, Field, Textarea } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useMessageCustomer, useOrderMessages } from './api/order-messages';
import { shortTime } from './format';

function Composer({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const send = useMessageCustomer(orderId);
  const { register, handleSubmit, watch, formState } = useForm<MessageCustomerInput>({
    resolver: zodResolver(messageCustomerSchema),
    defaultValues: { message: '' },
  });
  const submit = (body: MessageCustomerInput) =>
    send.mutate(body, {
      onSuccess: () => {
        toast.success('Message sent to the customer');
        onDone();
      },
      onError: () => toast.error('Failed to send message'),
    });
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-2" aria-label="Message customer">
      <Field id="order-message" label="Message to the customer" error={formState.errors.message?.message}>
        <Textarea rows={3} maxLength={REPLY_MAX} className="resize-y" {...register('message')} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={send.isPending} disabled={!(watch('message') ?? '').trim()}>
          {send.isPending ? null : <Send className="h-4 w-4" aria-hidden />}
          Send
        </Button>
      </div>
    </form>
  );
}

/** The staff order view's messages: every message naming the order, a link to the conversation, and "Message customer". */
export default function OrderMessages({ orderId }: { orderId: number }) {
  const { data, isError } = useOrderMessages(orderId);
  const [writing, setWriting] = useState(false);
  const list = data?.messages ?? [];
  return (
    <section data-testid="order-messages">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="font-semibold text-white">Messages</h3>
        {data?.conversation_id ? (
          <Link to={`/admin/messages/${data.conversation_id}`} className="text-sm text-brand-400 hover:underline">
            Open conversation
          </Link>
        ) : null}
      </div>
      {isError ? (
        <p role="alert" className="text-sm text-red-400">
          Failed to fetch messages
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-gray-400">No messages about this order.</p>
      ) : (
        <ol className="mb-2 space-y-2">
          {list.map((m) => (
            <li key={m.id} className="rounded-lg border border-gray-800 bg-ink-900 px-3 py-2 text-sm">
              <p className="text-xs text-gray-400">
                {m.direction === 'outbound' ? `${m.name} (staff)` : m.name} · {shortTime(m.created_at)}
              </p>
              <p className="line-clamp-3 whitespace-pre-wrap text-gray-100">{m.message}</p>
            </li>
          ))}
        </ol>
      )}
      {writing ? (
        <Composer orderId={orderId} onDone={() => setWriting(false)} />
      ) : (
        <Button variant="secondary" size="sm" className="mt-1 gap-1.5" onClick={() => setWriting(true)}>
          <MessageSquarePlus className="h-4 w-4" aria-hidden /> Message customer
        </Button>
      )}
    </section>
  );
}
