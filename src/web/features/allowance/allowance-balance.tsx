import { Wallet } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '@web/i18n/format';
import { useMyAllowance } from './use-my-allowance';

/** The store header's line: what is left of the member's allowance. Nothing for a customer without one. */
export function AllowanceBadge() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data } = useMyAllowance();
  if (!data) return null;
  return (
    <span
      data-testid="allowance-badge"
      title={t('allowance.title', {
        department: data.department,
        remaining: format.money(data.remaining),
        amount: format.money(data.amount),
      })}
      className="inline-flex items-center gap-1.5 rounded-lg border border-gray-700 px-2 py-1 text-sm text-gray-200"
    >
      <Wallet className="h-4 w-4 text-brand-400" aria-hidden />
      <span className="sr-only">{t('allowance.left')}</span>
      {format.money(data.remaining)}
      <span className="hidden text-gray-400 sm:inline">{t('allowance.leftShort')}</span>
    </span>
  );
}

/** The checkout's note: the balance, the period, and that the part over it is the member's to pay. */
export function AllowanceNotice() {
  const format = useFormat();
  const { data } = useMyAllowance();
  if (!data) return null;
  return (
    <div
      data-testid="allowance-notice"
      className="mb-5 flex gap-3 rounded-xl border border-gray-700 bg-ink-900 p-4 text-sm text-gray-200"
    >
      <Wallet className="h-5 w-5 shrink-0 text-brand-400" aria-hidden />
      <p>
        <Trans
          i18nKey="allowance.notice"
          values={{
            department: data.department,
            remaining: format.money(data.remaining),
            amount: format.money(data.amount),
            until: format.date(`${data.period_end}T12:00:00-07:00`),
          }}
          components={{ strong: <strong /> }}
        />
      </p>
    </div>
  );
}
