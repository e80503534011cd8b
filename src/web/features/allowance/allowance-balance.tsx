import { Wallet } from 'lucide-react';
import { formatUsd } from '@shared/money';
import { formatShopDate } from '@shared/time';
import { useMyAllowance } from './use-my-allowance';

/** The store header's line: what is left of the member's allowance. Nothing for a customer without one. */
export function AllowanceBadge() {
  const { data } = useMyAllowance();
  if (!data) return null;
  return (
    <span
      data-testid="allowance-badge"
      title={`${data.department} allowance: ${formatUsd(data.remaining)} left of ${formatUsd(data.amount)}`}
      className="inline-flex items-center gap-1.5 rounded-lg border border-gray-700 px-2 py-1 text-sm text-gray-200"
    >
      <Wallet className="h-4 w-4 text-brand-400" aria-hidden />
      <span className="sr-only">Allowance left: </span>
      {formatUsd(data.remaining)}
      <span className="hidden text-gray-400 sm:inline">left</span>
    </span>
  );
}

/** The checkout's note: the balance, the period, and that the part over it is the member's to pay. */
export function AllowanceNotice() {
  const { data } = useMyAllowance();
  if (!data) return null;
  return (
    <div
      data-testid="allowance-notice"
      className="mb-5 flex gap-3 rounded-xl border border-gray-700 bg-ink-900 p-4 text-sm text-gray-200"
    >
      <Wallet className="h-5 w-5 shrink-0 text-brand-400" aria-hidden />
      <p>
        Your <strong>{data.department}</strong> allowance: <strong>{formatUsd(data.remaining)}</strong> left of{' '}
        {formatUsd(data.amount)} until {formatShopDate(`${data.period_end}T12:00:00-07:00`)}. It pays for your items
        first; you pay the rest.
      </p>
    </div>
  );
}
