import type { TFunction } from 'i18next';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApprovalView, OrderStatus } from '@shared/orders';
import { useFormat } from '@web/i18n/format';

/** What became of the order, as a message key: any status past approval means it was approved. */
export function decisionKey(status: OrderStatus): 'approved' | 'denied' | 'cancelled' | 'awaiting' {
  if (status === 'denied' || status === 'cancelled') return status;
  if (status === 'awaiting_approval') return 'awaiting';
  return 'approved';
}

/** The page heading once the link can no longer decide: what was decided, never the other action's title. */
export function decidedTitle(approval: ApprovalView, kind: 'approve' | 'deny', t: TFunction): string {
  if (approval.state === 'expired') return t('approval.expiredHeading');
  if (approval.state === 'open' || !approval.decision)
    return kind === 'approve' ? t('approval.approveOrder') : t('approval.denyOrder');
  return t(`approval.decided.${decisionKey(approval.decision.status)}`);
}

// Who decided, when it was not an approver (whose address is shown as it is): the server's English words.
const DECIDERS: Record<string, 'staff' | 'customer' | 'shop'> = {
  'Shop staff': 'staff',
  'The customer': 'customer',
  'The shop': 'shop',
};

/** What a used, decided or expired link says instead of offering the buttons again. */
export function DecisionState({ approval }: { approval: ApprovalView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const d = approval.decision;
  if (approval.state === 'expired') {
    return (
      <Banner tone="amber" icon={<Clock className="h-6 w-6" aria-hidden />} title={t('approval.expiredTitle')}>
        {t('approval.expiredText')}
      </Banner>
    );
  }
  if (!d) return null;
  const what = decisionKey(d.status);
  const approved = what === 'approved';
  const by = d.by ?? (approval.state === 'used' ? approval.approver_email : null);
  const decider = by ? DECIDERS[by] : undefined;
  return (
    <Banner
      tone={approved ? 'green' : 'red'}
      icon={approved ? <CheckCircle2 className="h-6 w-6" aria-hidden /> : <XCircle className="h-6 w-6" aria-hidden />}
      title={approval.state === 'used' ? t(`approval.you.${what}`) : t(`approval.already.${what}`)}
    >
      <span data-testid="decision-detail">
        {t('approval.by', {
          who: by === null ? t('approval.decider.someoneElse') : decider ? t(`approval.decider.${decider}`) : by,
          at: format.dateTime(d.at),
        })}
      </span>
      {d.reason ? <span className="mt-1 block">{t('approval.reason', { reason: d.reason })}</span> : null}
      <span className="mt-1 block">{t('approval.once')}</span>
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
