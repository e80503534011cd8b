import { ShieldAlert } from 'lucide-react';
import { HELD_REASON_TEXT } from '@shared/contact';
import { Button } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useDecideHeld, useHeldMail } from './api/held';
import { fullTime } from './format';
import { Attachments } from './attachments';

/** E-mail held for review in this conversation: staff read it, then accept it into the thread or discard it. */
export function HeldMailPanel({ conversationId }: { conversationId: number }) {
  const { data } = useHeldMail(conversationId);
  const decide = useDecideHeld();
  const held = data?.held ?? [];
  if (held.length === 0) return null;
  const act = (id: number, accept: boolean) =>
    decide.mutate(
      { id, accept },
      {
        onSuccess: () => toast.success(accept ? 'E-mail added to the conversation' : 'E-mail discarded'),
        onError: () => toast.error(accept ? 'Failed to accept the e-mail' : 'Failed to discard the e-mail'),
      },
    );
  return (
    <section aria-label="Held e-mail" className="space-y-2 border-t border-amber-500/30 bg-amber-500/5 px-4 py-3">
      {held.map((h) => (
        <article key={h.id} data-testid="held-mail" className="rounded-lg border border-amber-500/40 p-3">
          <p className="flex items-center gap-1.5 text-sm font-medium text-amber-200">
            <ShieldAlert className="h-4 w-4" aria-hidden /> Held: {HELD_REASON_TEXT[h.reason]}
          </p>
          <p className="mt-1 text-xs text-gray-400">
            From {h.from_name} &lt;{h.from_address}&gt; · {fullTime(h.created_at)}
          </p>
          <p className="mt-2 max-h-32 overflow-y-auto text-sm whitespace-pre-wrap text-gray-100">{h.body}</p>
          <Attachments list={h.attachments} />
          <div className="mt-2 flex gap-2">
            <Button size="sm" onClick={() => act(h.id, true)} disabled={decide.isPending}>
              Accept into conversation
            </Button>
            <Button size="sm" variant="secondary" onClick={() => act(h.id, false)} disabled={decide.isPending}>
              Discard
            </Button>
          </div>
        </article>
      ))}
    </section>
  );
}
