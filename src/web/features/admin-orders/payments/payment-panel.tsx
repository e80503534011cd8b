import { Banknote, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { Order } from '@shared/orders';
import { PaymentSummary } from '@web/components/orders/payment-summary';
import { Button } from '@web/components/ui';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundDialog } from './refund-dialog';

/** No money is taken for an order the shop will not make (the server answers 409 too). */
const CLOSED = ['cancelled', 'denied'];

/** The staff order view's Payment section: the shared summary with who recorded what, and the two actions. */
export function PaymentPanel({ order }: { order: Order }) {
  const [open, setOpen] = useState<'pay' | 'refund' | null>(null);
  const p = order.payment;
  const canPay = !CLOSED.includes(order.status) && p.balance > 0;
  const canRefund = p.amount_paid > 0;
  return (
    <div className="space-y-3 rounded-lg border border-gray-800 p-3" data-testid="payment-panel">
      <PaymentSummary payment={p} staff />
      {canPay || canRefund ? (
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
        </div>
      ) : null}
      {open === 'pay' ? <RecordPaymentDialog order={order} onClose={() => setOpen(null)} /> : null}
      {open === 'refund' ? <RefundDialog order={order} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
