import type { LedgerMethod, PaymentState } from '@shared/payments';
import { HAND_METHODS } from './money-fields';

/**
 * How money can go back: through Stripe first when the order was paid online (its refund API returns the card
 * payment), then the methods staff hand money back with; without an online payment, the hand methods, the method of
 * the latest payment first.
 */
export function refundMethods(payment: PaymentState): LedgerMethod[] {
  const payments = payment.entries.filter((e) => e.kind === 'payment');
  if (payments.some((e) => e.method === 'stripe')) return ['stripe', ...HAND_METHODS];
  const last = payments.at(-1)?.method;
  return last && last !== 'stripe' ? [last, ...HAND_METHODS.filter((m) => m !== last)] : [...HAND_METHODS];
}
