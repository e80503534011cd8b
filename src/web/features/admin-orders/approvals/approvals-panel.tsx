import { MailCheck, MailOpen, PhoneCall, Send } from 'lucide-react';
import { useState } from 'react';
import type { ApprovalLink, LinkState } from '@shared/order-approvals';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { formatDateTime } from '@web/components/orders/status-badge';
import { Button, ConfirmDialog } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useOrderApprovals, useResendApproval } from './approvals-api';
import { RecordDecisionForm } from './record-decision-form';

const STATE_WORDS: Record<LinkState, string> = {
  open: 'Not opened yet',
  opened: 'Opened',
  approved: 'Approved through this link',
  denied: 'Denied through this link',
  replaced: 'Replaced by a newer e-mail',
  closed: 'Closed: the order was decided',
  expired: 'Expired',
};

function LinkRow({ link }: { link: ApprovalLink }) {
  const live = link.state === 'open' || link.state === 'opened';
  return (
    // A dead link is set off by a rule and its words, not dimmed: dimmed grey text fails AA contrast.
    <li
      className={`text-sm ${live ? '' : 'border-l-2 border-gray-700 pl-2'}`}
      data-testid="approval-link"
      data-state={link.state}
    >
      <p className="font-medium break-all text-gray-100">{link.approver_email}</p>
      <p className="text-xs text-gray-400">Sent {formatDateTime(link.sent_at)}</p>
      <p className={`flex items-center gap-1 text-xs ${link.opened_at ? 'text-emerald-300' : 'text-gray-300'}`}>
        {link.opened_at ? <MailOpen className="h-3.5 w-3.5" aria-hidden /> : null}
        {link.state === 'opened' && link.opened_at
          ? `Opened ${formatDateTime(link.opened_at)}`
          : STATE_WORDS[link.state]}
        {link.state !== 'opened' && link.opened_at ? ` · opened ${formatDateTime(link.opened_at)}` : null}
      </p>
    </li>
  );
}

/**
 * The approval of an order as staff steer it: whom the links went to, when, whether they were opened; while the
 * order awaits approval, a fresh e-mail (the old links die) or a decision received by phone or in person.
 */
export function ApprovalsPanel({ orderId }: { orderId: number }) {
  const { data, isError } = useOrderApprovals(orderId);
  const resend = useResendApproval(orderId);
  const [confirming, setConfirming] = useState(false);
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!data) return isError ? <ErrorAlert message="Failed to load the approval links" /> : null;
  const current = data.links.filter((l) => l.state !== 'replaced');
  const replaced = data.links.length - current.length;
  const doResend = async () => {
    setError(null);
    try {
      const after = await resend.mutateAsync();
      toast.success(`Approval e-mail sent again to ${after.approvers.join(', ')}`);
    } catch (err) {
      setError(errorText(err, 'The e-mail could not be sent again'));
    }
    setConfirming(false);
  };
  return (
    <section aria-labelledby="approvals-heading" data-testid="approvals-panel">
      <h3 id="approvals-heading" className="mb-1 flex items-center gap-2 font-semibold text-white">
        <MailCheck className="h-4 w-4" aria-hidden />
        Approval
      </h3>
      <p className="mb-2 text-xs text-gray-400">
        {data.department_name ? `Approvers of ${data.department_name}` : 'Approvers'}
        {data.awaiting && data.approvers.length === 0 ? ': none but the customer, so staff decide.' : ''}
      </p>
      {current.length ? (
        <ul className="space-y-2">
          {current.map((l) => (
            <LinkRow key={l.id} link={l} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-300">No approval links were sent.</p>
      )}
      {replaced ? (
        <p className="mt-1 text-xs text-gray-400">
          {replaced} earlier {replaced === 1 ? 'link no longer works' : 'links no longer work'}.
        </p>
      ) : null}
      <ErrorAlert message={error} />
      {data.awaiting ? (
        <div className="mt-3 space-y-2">
          <div className="flex flex-wrap gap-2">
            {data.approvers.length ? (
              <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
                <Send className="h-4 w-4" aria-hidden />
                Resend e-mail
              </Button>
            ) : null}
            {recording ? null : (
              <Button variant="secondary" size="sm" onClick={() => setRecording(true)}>
                <PhoneCall className="h-4 w-4" aria-hidden />
                Record decision
              </Button>
            )}
          </div>
          {recording ? <RecordDecisionForm orderId={orderId} onDone={() => setRecording(false)} /> : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Send the approval e-mail again?"
        description={`New links go to ${data.approvers.join(', ')}. The links in earlier e-mails stop working.`}
        confirmLabel="Send again"
        pending={resend.isPending}
        onConfirm={() => void doResend()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
