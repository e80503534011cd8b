import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { CheckoutInput } from '@shared/orders';
import type { PaymentMethod } from '@shared/payments';
import { ALLOWANCE_KEY } from '@web/features/allowance';
import { ApiRequestError, apiPost } from '@web/lib/api';

type Body = {
  fulfillment: CheckoutInput['fulfillment'];
  shipping_address: CheckoutInput['shipping_address'];
  po_number: string | null;
  notes: string | null;
  payment_method?: PaymentMethod | null;
  /** The allowance the quote on screen applied: the server refuses with 409 if the balance changed since. */
  expected_allowance?: number | null;
};

const uuid = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * POST /orders/ with one Idempotency-Key per attempt: a double click or a retry after a lost answer
 * returns the same order. The key is dropped after a definite answer so a changed cart gets a new one.
 */
export function usePlaceOrder() {
  const qc = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (body: Body) => {
      key.current ??= uuid();
      return apiPost('/orders/', body, { headers: { 'Idempotency-Key': key.current } }).then((r) => r.order);
    },
    onSuccess: async () => {
      key.current = null;
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['cart'] }),
        qc.invalidateQueries({ queryKey: ['checkout'] }),
        qc.invalidateQueries({ queryKey: ['orders'] }),
        qc.invalidateQueries({ queryKey: ALLOWANCE_KEY }),
      ]);
    },
    onError: (err) => {
      // Another order spent the allowance: show the new quote and balance so the customer sees what they owe now.
      if (err instanceof ApiRequestError && err.body?.code === 'ALLOWANCE_CHANGED') {
        key.current = null;
        void qc.invalidateQueries({ queryKey: ['checkout'] });
        void qc.invalidateQueries({ queryKey: ALLOWANCE_KEY });
        return;
      }
      if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 409)
        key.current = null;
    },
  });
}
