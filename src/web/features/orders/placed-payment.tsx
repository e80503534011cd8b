import { CheckCircle2, CreditCard, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { formatUsd } from '@shared/money';
import type { Order } from '@shared/orders';
import { INVOICE_NEXT, PAYMENT_METHOD_LABELS } from '@shared/payments';
import { PaymentStatusBadge } from '@web/components/orders/payment-summary';
import { Button } from '@web/components/ui';
import { Spinner } from '@web/components/ui/spinner';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
import { errorText } from '@web/lib/api';
import { PayNowButton } from './pay-now-button';
import { placedPaymentView, type PaymentReturn } from './pay-state';
import { usePaymentConfirmation } from './use-payment-confirmation';

/** How the order is paid on its confirmation screen: the Pay now step, the return from Stripe, or where to pay. */
export function PlacedPayment({
  order,
  back,
  startError,
}: {
  order: Order;
  back: PaymentReturn;
  /** Checkout could not open Stripe's page right after placing the order: why. */
  startError: string | null;
}) {
  const { t } = useTranslation();
  const words = useFromEnglish();
  const format = useFormat();
  const confirm = usePaymentConfirmation(order.id, back === 'return' && order.payment.method === 'card');
  const view = placedPaymentView(order, { back, phase: confirm.phase, startFailed: startError !== null });
  const p = order.payment;
  const messages: Record<typeof view, ReactNode> = {
    paid: (
      <Line icon={<CheckCircle2 className="h-5 w-5 text-emerald-300" aria-hidden />}>
        {t('placedPay.paid', { amount: format.money(p.amount_paid) })}
      </Line>
    ),
    confirming: (
      <Line icon={<Spinner className="h-5 w-5 text-gray-300" />} live>
        {t('placedPay.confirming')}
      </Line>
    ),
    not_confirmed: (
      <>
        <Line icon={<Info className="h-5 w-5 text-amber-300" aria-hidden />} live>
          {t('placedPay.notConfirmed')}
        </Line>
        {confirm.failed ? (
          <p className="text-sm text-red-400">{words(errorText(confirm.failed, t('placedPay.checkFailed')))}</p>
        ) : null}
        <Button variant="secondary" onClick={confirm.retry} data-testid="check-again">
          {t('placedPay.checkAgain')}
        </Button>
      </>
    ),
    cancelled: (
      <>
        <Line icon={<Info className="h-5 w-5 text-sky-300" aria-hidden />} live>
          {t('placedPay.cancelled')}
        </Line>
        <PayNowButton order={order} />
      </>
    ),
    start_failed: (
      <>
        <Line icon={<Info className="h-5 w-5 text-amber-300" aria-hidden />} live>
          {t('placedPay.startFailed', { why: startError?.replace(/\.$/, '') ?? '' })}
        </Line>
        <PayNowButton order={order} />
      </>
    ),
    pay: (
      <>
        <Line icon={<CreditCard className="h-5 w-5 text-gray-300" aria-hidden />}>
          {t('placedPay.pay', { amount: format.money(p.balance) })}
        </Line>
        <PayNowButton order={order} />
      </>
    ),
    after_approval: (
      <Line icon={<Info className="h-5 w-5 text-gray-300" aria-hidden />}>
        {t('placedPay.afterApproval', { department: order.department_name ?? t('placed.yourDepartment') })}
      </Line>
    ),
    plain: <Line icon={<Info className="h-5 w-5 text-gray-300" aria-hidden />}>{words(howPaid(order))}</Line>,
  };
  return (
    <section
      className="mt-5 space-y-3 rounded-lg border border-gray-800 p-4"
      aria-labelledby="placed-payment-h"
      data-testid="placed-payment"
      data-view={view}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="placed-payment-h" className="font-semibold text-white">
          {t('placed.payment')}
        </h2>
        <PaymentStatusBadge status={p.status} staff={false} />
        <span className="text-sm text-gray-300">{words(PAYMENT_METHOD_LABELS[p.method])}</span>
      </div>
      {messages[view]}
    </section>
  );
}

function Line({ icon, live = false, children }: { icon: ReactNode; live?: boolean; children: ReactNode }) {
  return (
    <div className="flex gap-2 text-sm text-gray-200" role={live ? 'status' : undefined}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <p data-testid="placed-payment-text">{children}</p>
    </div>
  );
}

function howPaid(order: Order): string {
  const p = order.payment;
  if (p.status === 'paid') return `Paid in full: ${formatUsd(p.amount_paid)}.`;
  if (p.status === 'nothing_due') return 'Nothing to pay.';
  if (p.method === 'invoice') return `${INVOICE_NEXT} Balance ${formatUsd(p.balance)}.`;
  if (p.method === 'account')
    return `${order.department_name ?? 'Your department'} is invoiced for this order${order.po_number ? ` (PO ${order.po_number})` : ''}.`;
  if (p.method === 'pickup' && order.fulfillment === 'pickup')
    return `Pay ${formatUsd(p.balance)} at the counter when you collect your order.`;
  return `Balance ${formatUsd(p.balance)}.`;
}
