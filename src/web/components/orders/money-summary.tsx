import { useTranslation } from 'react-i18next';
import { adjustmentAmount } from '@shared/money';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
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
  ownLabel,
}: {
  priced: Priced;
  testIdPrefix: string;
  updating?: boolean;
  /** The total's label when an allowance pays part: the member's own words, or a third person's (the approver). */
  ownLabel?: string;
}) {
  // With an allowance the total is the member's own share: the part over the balance.
  const own = priced.adjustments.some((a) => a.kind === 'allowance');
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  // English keeps the shared wording ("FREE" for a free shipping line) exactly.
  const amount = (a: Adjustment) =>
    i18n.language === 'en'
      ? adjustmentAmount(a)
      : a.kind === 'shipping' && a.amount === 0
        ? t('money.free')
        : format.money(a.amount);
  const rows = [
    { key: 'subtotal', label: t('money.subtotal'), value: format.money(priced.subtotal), strong: false },
    ...priced.adjustments.map((a) => ({ key: a.kind, label: words(a.label), value: amount(a), strong: false })),
    {
      key: 'total',
      label: own ? (ownLabel ?? t('money.youPay')) : t('money.total'),
      value: format.money(priced.total),
      strong: true,
    },
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
          {t('money.updating')}
        </p>
      ) : null}
    </dl>
  );
}
