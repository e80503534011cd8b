import { adjustmentAmount, formatUsd } from '@shared/money';
import type { Adjustment } from '@shared/pricing';

/** Anything the server priced: a cart, a checkout quote or an order. The web shows its figures and computes none. */
type Priced = { subtotal: number; adjustments: Adjustment[]; total: number };

/**
 * The one money summary: subtotal, each named adjustment (tax, exemption, shipping) and the total, as the server
 * quoted them. `testIdPrefix` names the rows (`cart-tax`, `checkout-total`); `updating` dims the figures the
 * server is still recomputing after a local change.
 */
export function MoneySummary({
  priced,
  testIdPrefix,
  updating = false,
  ownLabel = 'You pay',
}: {
  priced: Priced;
  testIdPrefix: string;
  updating?: boolean;
  /** The total's label when an allowance pays part: the member's own words, or a third person's (the approver). */
  ownLabel?: string;
}) {
  // With an allowance the total is the member's own share: the part over the balance.
  const own = priced.adjustments.some((a) => a.kind === 'allowance');
  const rows = [
    { key: 'subtotal', label: 'Subtotal', value: formatUsd(priced.subtotal), strong: false },
    ...priced.adjustments.map((a) => ({ key: a.kind, label: a.label, value: adjustmentAmount(a), strong: false })),
    { key: 'total', label: own ? ownLabel : 'Total', value: formatUsd(priced.total), strong: true },
  ];
  return (
    <dl className="space-y-1.5 text-sm" data-testid={`${testIdPrefix}-totals`} aria-busy={updating || undefined}>
      {rows.map((r) => (
        <div
          key={r.key}
          className={`flex justify-between gap-4 ${r.strong ? 'border-t border-gray-700 pt-2 text-base font-semibold text-white' : 'text-gray-300'} ${updating && r.key !== 'subtotal' ? 'opacity-60' : ''}`}
        >
          <dt>{r.label}</dt>
          <dd data-testid={`${testIdPrefix}-${r.key}`}>{r.value}</dd>
        </div>
      ))}
      {updating ? (
        <p className="text-xs text-gray-400" role="status">
          Updating totals…
        </p>
      ) : null}
    </dl>
  );
}
