import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '@shared/orders';
import type { PaymentState } from '@shared/payments';
import { i18next } from '@web/i18n';
import { canPayOnline, paymentReturn, placedPaymentView, RECHECK_DELAYS_MS, whyNotPayable } from './pay-state';

const order = (status: OrderStatus, payment: Partial<PaymentState> = {}) =>
  ({
    status,
    department_name: 'Desert Valley Fire',
    payment: {
      method: 'card',
      status: 'unpaid',
      amount_due: 84.5,
      amount_paid: 0,
      balance: 84.5,
      refund_due: false,
      entries: [],
      ...payment,
    },
  }) as Order;
const paid = { status: 'paid', amount_paid: 84.5, balance: 0 } as const;
const view = (
  o: Order,
  back: 'return' | 'cancelled' | null,
  phase: 'checking' | 'gave_up' = 'checking',
  startFailed = false,
) => placedPaymentView(o, { back, phase, startFailed });

describe('canPayOnline', () => {
  it('mirrors POST /orders/:id/pay: a card order with a balance, not waiting for approval, cancelled or denied', () => {
    for (const s of ['pending', 'in_production', 'ready_for_pickup', 'shipped', 'completed'] as const)
      expect(canPayOnline(order(s)), s).toBe(true);
    for (const s of ['awaiting_approval', 'cancelled', 'denied'] as const)
      expect(canPayOnline(order(s)), s).toBe(false);
    expect(canPayOnline(order('pending', paid))).toBe(false);
    expect(canPayOnline(order('pending', { method: 'pickup' }))).toBe(false);
    expect(canPayOnline(order('pending', { method: 'account' }))).toBe(false);
    expect(canPayOnline(order('pending', { status: 'partially_paid', amount_paid: 20, balance: 64.5 }))).toBe(true);
  });
});

describe('the confirmation after Stripe', () => {
  it('says Paid only when the server says paid, never because the browser came back', () => {
    expect(view(order('pending'), 'return')).toBe('confirming');
    expect(view(order('pending'), 'return', 'gave_up')).toBe('not_confirmed');
    expect(view(order('pending', paid), 'return')).toBe('paid');
    expect(view(order('pending', paid), null)).toBe('paid');
    expect(view(order('pending', { status: 'partially_paid', amount_paid: 20, balance: 64.5 }), 'return')).toBe(
      'confirming',
    );
  });

  it('after a cancel on Stripe offers Pay now; after a failed start says so', () => {
    expect(view(order('pending'), 'cancelled')).toBe('cancelled');
    expect(view(order('pending'), null, 'checking', true)).toBe('start_failed');
    expect(view(order('pending'), null)).toBe('pay');
  });

  it('an order awaiting approval is paid later; other ways to pay just say how', () => {
    expect(view(order('awaiting_approval'), null)).toBe('after_approval');
    expect(view(order('pending', { method: 'pickup' }), null)).toBe('plain');
    expect(view(order('pending', { method: 'account' }), 'return')).toBe('plain');
    expect(view(order('cancelled'), 'cancelled')).toBe('plain');
  });

  it('reads only the two return values Stripe is given', () => {
    expect(paymentReturn('return')).toBe('return');
    expect(paymentReturn('cancelled')).toBe('cancelled');
    expect(paymentReturn('paid')).toBeNull();
    expect(paymentReturn(null)).toBeNull();
  });

  it('re-checks a bounded number of times', () => {
    expect(RECHECK_DELAYS_MS.length).toBeLessThanOrEqual(6);
    expect(RECHECK_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20_000);
  });
});

describe("the e-mail's Pay now link", () => {
  it('says why there is nothing to pay online', () => {
    const en = i18next.getFixedT('en');
    expect(whyNotPayable(order('pending'), en)).toBeNull();
    expect(whyNotPayable(order('pending', paid), en)).toBe('This order is paid: nothing is due.');
    expect(whyNotPayable(order('cancelled'), en)).toBe('This order is cancelled: nothing is due.');
    expect(whyNotPayable(order('pending', { method: 'pickup' }), en)).toBe(
      'This order is paid at the shop, not online.',
    );
    expect(whyNotPayable(order('awaiting_approval'), en)).toBe(
      'This order can be paid once Desert Valley Fire approves it; we will e-mail you then.',
    );
  });
});
