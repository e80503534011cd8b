import { useTranslation } from 'react-i18next';
import { useFromEnglish } from '@web/i18n';
import type { Fulfillment } from '@shared/orders';
import { INVOICE_NEXT, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shared/payments';
import { RadioGroup } from '@web/components/ui';

/** The one-line explanation under each way to pay. */
export function paymentExplanation(
  method: PaymentMethod,
  ctx: { fulfillment: Fulfillment; needsApproval: boolean; department: string | null },
): string {
  if (method === 'card')
    return ctx.needsApproval
      ? "You'll pay on Stripe's secure page once your department approves the order"
      : "You'll pay on Stripe's secure page after placing the order";
  if (method === 'account')
    return `Invoiced to ${ctx.department ?? 'your department'}; your PO number is kept on the order and the invoice`;
  if (method === 'invoice') return INVOICE_NEXT;
  return 'Pay the balance at the counter when you collect your order';
}

/** The ways to pay the server offers for the chosen fulfillment (GET /orders/checkout-info), the default first. */
export function PaymentChoice({
  methods,
  value,
  onChange,
  fulfillment,
  needsApproval,
  department,
}: {
  methods: readonly PaymentMethod[];
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  fulfillment: Fulfillment;
  needsApproval: boolean;
  department: string | null;
}) {
  const { t } = useTranslation();
  const words = useFromEnglish();
  return (
    <section aria-labelledby="payment-title">
      <h2 id="payment-title" className="mb-2 text-lg font-semibold text-white">
        {t('checkout.payment')}
      </h2>
      <RadioGroup
        label={t('checkout.payment')}
        labelHidden
        look="card"
        className="grid gap-3 sm:grid-cols-2"
        value={value}
        onChange={onChange}
        options={methods.map((m) => ({
          value: m,
          label: <span className="font-medium text-gray-100">{words(PAYMENT_METHOD_LABELS[m])}</span>,
          description: words(paymentExplanation(m, { fulfillment, needsApproval, department })),
          testId: `payment-${m}`,
        }))}
      />
    </section>
  );
}
