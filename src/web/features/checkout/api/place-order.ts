import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { CheckoutInput } from '@shared/orders';
import { ApiRequestError, apiPost } from '@web/lib/api';

type Body = {
  fulfillment: CheckoutInput['fulfillment'];
  shipping_address: CheckoutInput['shipping_address'];
  po_number: string | null;
  notes: string | null;
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
      return apiPost('/orders/', body, { answer: 'order', headers: { 'Idempotency-Key': key.current } }).then(
        (r) => r.order,
      );
    },
    onSuccess: async () => {
      key.current = null;
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['cart'] }),
        qc.invalidateQueries({ queryKey: ['checkout'] }),
        qc.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 409)
        key.current = null;
    },
  });
}
