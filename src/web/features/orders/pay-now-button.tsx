import { CreditCard } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@shared/orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Button } from '@web/components/ui';
import { useFormat } from '@web/i18n/format';
import { errorText } from '@web/lib/api';
import { usePayNow } from './api/payment-api';

/** "Pay now": one press opens Stripe's secure page for the order's balance; a refusal is said beside the button. */
export function PayNowButton({
  order,
  ref,
  size = 'md',
}: {
  order: Order;
  ref?: Ref<HTMLButtonElement>;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const pay = usePayNow();
  // After success the browser is leaving for Stripe: the button stays busy rather than coming back to life.
  const leaving = pay.isPending || pay.isSuccess;
  return (
    <div className="space-y-1">
      <Button
        ref={ref}
        size={size}
        loading={leaving}
        onClick={() => pay.mutate(order.id)}
        data-testid="pay-now"
        aria-describedby={pay.isError ? `pay-error-${order.id}` : undefined}
      >
        {leaving ? null : <CreditCard className="h-4 w-4" aria-hidden />}
        {leaving ? t('checkout.opening') : t('pay.now', { amount: format.money(order.payment.balance) })}
      </Button>
      <ErrorAlert
        id={`pay-error-${order.id}`}
        message={pay.isError ? errorText(pay.error, t('pay.openFailed')) : null}
      />
    </div>
  );
}
