import type { TFunction } from 'i18next';
import { isCalledOff, statusRule } from '@shared/order-statuses';
import type { Order } from '@shared/orders';

/** The server's rule for POST /orders/:id/pay (online.ts): a card or invoiced order, not refused or waiting, with money due. */
export function canPayOnline(order: Order): boolean {
  return (
    (order.payment.method === 'card' || order.payment.method === 'invoice') &&
    !isCalledOff(order.status) &&
    statusRule(order.status).billed &&
    order.payment.balance > 0
  );
}

/** The allowance covers the whole order: nothing to pay and an allowance adjustment on it (not a cancelled one). */
export const coveredByAllowance = (order: Pick<Order, 'payment' | 'adjustments' | 'status'>) =>
  order.payment.status === 'nothing_due' &&
  !isCalledOff(order.status) &&
  order.adjustments.some((a) => a.kind === 'allowance' && a.amount < 0);

/** Where the customer came back from: Stripe's success_url (?payment=return) or its cancel_url (?payment=cancelled). */
export type PaymentReturn = 'return' | 'cancelled' | null;
export const paymentReturn = (value: string | null): PaymentReturn =>
  value === 'return' || value === 'cancelled' ? value : null;

/**
 * Pauses between re-checks while Stripe's webhook has not arrived (about 15 s in all): bounded, then the customer is
 * offered to check again. The first check runs at once.
 */
export const RECHECK_DELAYS_MS = [1000, 2000, 3000, 4000, 5000] as const;

export type ConfirmPhase = 'checking' | 'gave_up';

export type PlacedPaymentView =
  'paid' | 'confirming' | 'not_confirmed' | 'cancelled' | 'start_failed' | 'pay' | 'after_approval' | 'plain';

/**
 * What the confirmation screen says about a card order's payment. "Paid" comes only from the server's payment
 * status: coming back from Stripe's page proves nothing (docs/security.md#payments).
 */
export function placedPaymentView(
  order: Order,
  opts: { back: PaymentReturn; phase: ConfirmPhase; startFailed: boolean },
): PlacedPaymentView {
  if (order.payment.method !== 'card') return 'plain';
  if (order.payment.status === 'paid') return 'paid';
  if (order.status === 'awaiting_approval') return 'after_approval';
  if (opts.back === 'return') return opts.phase === 'checking' ? 'confirming' : 'not_confirmed';
  if (!canPayOnline(order)) return 'plain';
  if (opts.back === 'cancelled') return 'cancelled';
  return opts.startFailed ? 'start_failed' : 'pay';
}

/** Why the e-mail's Pay now link (/orders?pay=<id>) finds nothing to pay online, in `t`'s language; null when it can be paid. */
export function whyNotPayable(order: Order, t: TFunction): string | null {
  if (canPayOnline(order)) return null;
  if (isCalledOff(order.status)) return t(order.status === 'denied' ? 'pay.whyDenied' : 'pay.whyCancelled');
  if (coveredByAllowance(order)) return t('pay.whyCovered');
  if (order.payment.balance <= 0) return t('pay.whyPaid');
  if (order.payment.method === 'invoice') return t('pay.whyInvoice');
  if (order.payment.method === 'pickup') return t('pay.whyPickup');
  if (order.payment.method === 'account') return t('pay.whyAccount');
  return t('pay.whyApproval', { department: order.department_name ?? t('placed.yourDepartment') });
}
