import { CreditCard, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@shared/orders';
import { PaymentSummary } from '@web/components/orders/payment-summary';
import { buttonClasses } from '@web/components/ui';
import { useFormat } from '@web/i18n/format';
import { useInvoiceLink } from './api/payment-api';
import { PayNowButton } from './pay-now-button';
import { canPayOnline, coveredByAllowance, whyNotPayable } from './pay-state';

/**
 * The Pay now step of an order's details: shown whenever the order can be paid online, and, when the customer came
 * from the e-mail's Pay now link (`asked`), also why there is nothing to pay.
 */
export function PayNowPanel({ order, asked }: { order: Order; asked: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const why = whyNotPayable(order, t);
  if (why && !asked) return null;
  return (
    <section
      className="space-y-3 rounded-lg border border-brand-400/50 bg-brand-500/10 p-4"
      aria-label={t('pay.panel')}
      data-testid="pay-panel"
    >
      {canPayOnline(order) ? (
        <>
          <p className="flex gap-2 text-sm text-gray-100">
            <CreditCard className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {t('pay.balance', { amount: format.money(order.payment.balance) })}
          </p>
          <PayNowButton order={order} size="lg" />
        </>
      ) : (
        <p className="text-sm text-gray-100" role="status" data-testid="pay-panel-why">
          {why}
        </p>
      )}
    </section>
  );
}

/** The order's money as the server keeps it, and its printable invoice (a signed link that opens without login). */
export function OrderPayment({ order }: { order: Order }) {
  const { t } = useTranslation();
  const link = useInvoiceLink(order.id);
  // A denied order, or one cancelled before any money moved, has no bill to show.
  const billed = !(order.status === 'denied' || (order.status === 'cancelled' && order.payment.entries.length === 0));
  return (
    <div className="space-y-3">
      <PaymentSummary payment={order.payment} covered={coveredByAllowance(order)} />
      {link.data && billed ? (
        <a
          href={link.data}
          target="_blank"
          rel="noopener"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          data-testid="view-invoice"
        >
          <FileText className="h-4 w-4" aria-hidden />
          {t('pay.invoice')}
          <span className="sr-only">{t('pay.newTab')}</span>
        </a>
      ) : null}
    </div>
  );
}
