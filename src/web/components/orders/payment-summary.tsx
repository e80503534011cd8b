import { useTranslation } from 'react-i18next';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
import { formatUsd } from '@shared/money';
import {
  COVERED_BY_ALLOWANCE,
  LEDGER_METHOD_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_CUSTOMER_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentState,
  type PaymentStatus,
} from '@shared/payments';

/** The staff words (the CSV export says the same); customers read PAYMENT_STATUS_CUSTOMER_LABELS. */
export const PAYMENT_STATUS_WORDS = PAYMENT_STATUS_LABELS;

// The order status badge's palette; the words carry the state too, so colour is never the only cue.
const STATUS_TONE: Record<PaymentStatus, string> = {
  unpaid: 'bg-amber-500/15 text-amber-300 ring-amber-500/40',
  partially_paid: 'bg-sky-500/15 text-sky-300 ring-sky-500/40',
  paid: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
  nothing_due: 'bg-gray-500/15 text-gray-300 ring-gray-500/40',
  refund_due: 'bg-rose-500/15 text-rose-300 ring-rose-500/40',
  refunded: 'bg-gray-500/15 text-gray-300 ring-gray-500/40',
  partially_refunded: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
};

export function PaymentStatusBadge({
  status,
  staff = true,
  label,
}: {
  status: PaymentStatus;
  staff?: boolean;
  /** Words in place of the status's own (an order the allowance covers). */
  label?: string;
}) {
  const words = useFromEnglish();
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_TONE[status]}`}
      data-testid="payment-status"
      data-status={status}
    >
      {words(label ?? (staff ? PAYMENT_STATUS_WORDS : PAYMENT_STATUS_CUSTOMER_LABELS)[status])}
    </span>
  );
}

type Entry = PaymentState['entries'][number];

/**
 * An order's money as the server keeps it: how it is paid, its status, due, paid and balance, and the ledger.
 * Customers and staff see the same figures; `staff` adds who recorded each entry (the key is absent from
 * customer answers anyway).
 */
export function PaymentSummary({
  payment,
  staff = false,
  covered = false,
}: {
  payment: PaymentState;
  staff?: boolean;
  /** The order's allowance adjustment covers it all: the customer reads "Covered by your allowance". */
  covered?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  const coveredNote = covered && payment.status === 'nothing_due' && !staff ? COVERED_BY_ALLOWANCE : undefined;
  const figures: [string, string, string][] = [
    ['due', t('payment.due'), format.money(payment.amount_due)],
    ['paid', t('payment.paid'), format.money(payment.amount_paid)],
    payment.refund_due
      ? ['balance', t('payment.toRefund'), format.money(payment.refund_due_amount)]
      : ['balance', t('payment.balance'), format.money(payment.balance)],
  ];
  return (
    <section aria-labelledby="payment-heading" className="space-y-3" data-testid="payment-summary">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="payment-heading" className="text-base font-semibold text-white">
          {t('payment.heading')}
        </h3>
        <PaymentStatusBadge status={payment.status} staff={staff} label={coveredNote} />
        <span className="text-sm text-gray-300">{words(PAYMENT_METHOD_LABELS[payment.method])}</span>
      </div>
      {payment.refund_due ? (
        <p className="rounded-md px-3 py-2 text-sm text-amber-300 ring-1 ring-amber-500/40" role="note">
          {staff
            ? `${formatUsd(payment.refund_due_amount)} is held above what this order owes: it is due back to the customer.`
            : t('payment.refundDue', { amount: format.money(payment.refund_due_amount) })}
        </p>
      ) : null}
      {payment.adjustments.length > 0 ? (
        <ul aria-label={t('payment.credits')} className="text-sm text-gray-300">
          {payment.adjustments.map((a, i) => (
            <li key={i} className="flex justify-between gap-4" data-testid="payment-credit">
              <span>{words(a.label)}</span>
              <span className="tabular-nums">−{format.money(Math.abs(a.amount))}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid grid-cols-3 gap-3 text-sm">
        {figures.map(([key, label, value]) => (
          <div key={key}>
            <dt className="text-gray-400">{label}</dt>
            <dd className="font-semibold text-gray-100" data-testid={`payment-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {payment.entries.length > 0 ? (
        <ul aria-label={t('payment.ledger')} className="divide-y divide-gray-800 text-sm">
          {payment.entries.map((e) => (
            <LedgerLine key={e.id} entry={e} staff={staff} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * One ledger entry as two short lines (what, how much, reference; then when and, for staff, who), so the ledger
 * reads the same in the order view's narrow column, a phone and a wide screen.
 */
function LedgerLine({ entry: e, staff }: { entry: Entry; staff: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  const refund = e.kind !== 'payment';
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2" data-testid="payment-entry">
      <span className="text-gray-100">
        {t(`payment.kind.${e.kind}`)}
        {e.kind === 'credit' ? null : ` · ${words(LEDGER_METHOD_LABELS[e.method])}`}
        {e.reference ? <span className="text-gray-300"> · {e.reference}</span> : null}
        {e.reason ? <span className="text-gray-300"> · {e.reason}</span> : null}
      </span>
      <span className={`font-semibold tabular-nums ${refund ? 'text-gray-300' : 'text-gray-100'}`}>
        {refund ? `−${format.money(e.amount)}` : format.money(e.amount)}
      </span>
      <span className="basis-full text-xs text-gray-400">
        {format.dateTime(e.created_at)}
        {staff ? ` · recorded by ${e.recorded_by?.email ?? 'Stripe'}` : null}
      </span>
    </li>
  );
}
