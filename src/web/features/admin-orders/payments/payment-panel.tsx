import { Banknote, BadgePercent, FileText, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { isCalledOff } from '@shared/order-statuses';
import type { Order } from '@shared/orders';
import { collectText } from '@shared/payments';
import { PaymentSummary } from '@web/components/orders/payment-summary';
import { Button, buttonClasses } from '@web/components/ui';
import { useInvoiceLink } from '@web/features/orders';
import { CreditDialog } from './credit-dialog';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundDialog } from './refund-dialog';

/**
 * The staff order view's Payment section: the shared summary with who recorded what, the money actions, and the
 * receipt / invoice to print for the customer (payments and balance; the browser prints it to paper or PDF).
 */
export function PaymentPanel({ order }: { order: Order }) {
  const [open, setOpen] = useState<'pay' | 'refund' | 'credit' | null>(null);
  const link = useInvoiceLink(order.id);
  const p = order.payment;
  // No money is taken or credited for an order the shop will not make (the server answers 409 too).
  const canPay = !isCalledOff(order.status) && p.balance > 0;
  const canRefund = p.amount_paid > 0;
  const canCredit = !isCalledOff(order.status) && p.amount_due > 0;
  return (
    <div className="space-y-3 rounded-lg border border-gray-800 p-3" data-testid="payment-panel">
      {order.status === 'ready_for_pickup' ? (
        <p
          className="rounded-md bg-amber-500/10 px-3 py-2 text-base font-semibold text-amber-200"
          data-testid="pickup-collect"
        >
          {collectText(p)}
        </p>
      ) : null}
      <PaymentSummary payment={p} staff />
      <div className="flex flex-wrap gap-2">
        {canPay ? (
          <Button size="sm" onClick={() => setOpen('pay')}>
            <Banknote className="h-4 w-4" aria-hidden />
            Record payment
          </Button>
        ) : null}
        {canRefund ? (
          <Button size="sm" variant="secondary" onClick={() => setOpen('refund')}>
            <Undo2 className="h-4 w-4" aria-hidden />
            Refund
          </Button>
        ) : null}
        {canCredit ? (
          <Button size="sm" variant="secondary" onClick={() => setOpen('credit')}>
            <BadgePercent className="h-4 w-4" aria-hidden />
            Credit
          </Button>
        ) : null}
        {link.data ? (
          <a
            href={link.data}
            target="_blank"
            rel="noopener"
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            data-testid="staff-receipt"
          >
            <FileText className="h-4 w-4" aria-hidden />
            Receipt / invoice<span className="sr-only"> (opens in a new tab to print)</span>
          </a>
        ) : null}
      </div>
      {open === 'pay' ? <RecordPaymentDialog order={order} onClose={() => setOpen(null)} /> : null}
      {open === 'refund' ? <RefundDialog order={order} onClose={() => setOpen(null)} /> : null}
      {open === 'credit' ? <CreditDialog order={order} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
