import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { STATUS_LABELS, type ApprovalView, type OrderStatus } from '@shared/orders';
import { formatDateTime } from '@web/components/orders/status-badge';

/** What became of the order, in a word: any status past approval means it was approved. */
export function decidedWord(status: OrderStatus): string {
  if (status === 'denied') return 'denied';
  if (status === 'cancelled' || status === 'awaiting_approval') return STATUS_LABELS[status].toLowerCase();
  return 'approved';
}

/** The page heading once the link can no longer decide: what was decided, never the other action's title. */
export function decidedTitle(approval: ApprovalView, kind: 'approve' | 'deny'): string {
  if (approval.state === 'expired') return 'Approval link expired';
  if (approval.state === 'open' || !approval.decision) return kind === 'approve' ? 'Approve order' : 'Deny order';
  return `Order ${decidedWord(approval.decision.status)}`;
}

/** What a used, decided or expired link says instead of offering the buttons again. */
export function DecisionState({ approval }: { approval: ApprovalView }) {
  const d = approval.decision;
  if (approval.state === 'expired') {
    return (
      <Banner tone="amber" icon={<Clock className="h-6 w-6" aria-hidden />} title="This link has expired">
        Approval links work for 7 days. The order is still waiting; ask the customer or the shop for a new request.
      </Banner>
    );
  }
  if (!d) return null;
  const what = decidedWord(d.status);
  const approved = what === 'approved';
  return (
    <Banner
      tone={approved ? 'green' : 'red'}
      icon={approved ? <CheckCircle2 className="h-6 w-6" aria-hidden /> : <XCircle className="h-6 w-6" aria-hidden />}
      title={approval.state === 'used' ? `You ${what} this order` : `This order was already ${what}`}
    >
      <span data-testid="decision-detail">
        By {d.by ?? (approval.state === 'used' ? approval.approver_email : 'someone else')} on {formatDateTime(d.at)}.
      </span>
      {d.reason ? <span className="mt-1 block">Reason: {d.reason}</span> : null}
      <span className="mt-1 block">This link cannot be used again.</span>
    </Banner>
  );
}

const tones = {
  green: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-100 [&_svg]:text-emerald-300',
  red: 'border-red-500/40 bg-red-500/10 text-red-100 [&_svg]:text-red-300',
  amber: 'border-amber-500/40 bg-amber-500/10 text-amber-100 [&_svg]:text-amber-300',
};

export function Banner({
  tone,
  icon,
  title,
  children,
}: {
  tone: keyof typeof tones;
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div role="status" data-testid="approval-state" className={`flex gap-3 rounded-xl border p-4 ${tones[tone]}`}>
      <span className="shrink-0">{icon}</span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm">{children}</p>
      </div>
    </div>
  );
}
