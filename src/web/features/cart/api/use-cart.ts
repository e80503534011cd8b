import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@web/lib/toast';
import { CART_POLL_MS } from '@shared/constants';
import { apiGet } from '@web/lib/api';
import { shouldSkipPoll } from './cart-activity';
import { CART_KEY } from './cart-keys';

const FAILED = 'Failed to load cart';
let pollers = 0;
let timer: ReturnType<typeof setInterval> | undefined;

export const fetchCart = () => apiGet('/cart/').then((r) => r.cart);

/** GET /cart/. Several components read the cart; one shared interval polls it (docs/product.md#cart, docs/product.md#constants). */
export function useCart() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: CART_KEY, queryFn: fetchCart, staleTime: CART_POLL_MS, refetchOnWindowFocus: false });

  useEffect(() => {
    pollers += 1;
    if (pollers === 1)
      timer = setInterval(() => {
        if (!shouldSkipPoll() && !qc.isMutating({ mutationKey: CART_KEY }))
          void qc.refetchQueries({ queryKey: CART_KEY, type: 'active' });
      }, CART_POLL_MS);
    return () => {
      pollers -= 1;
      if (pollers === 0) clearInterval(timer);
    };
  }, [qc]);

  useEffect(() => {
    if (q.isError && !q.data) toast.error(FAILED, { id: 'cart-failed' });
  }, [q.isError, q.data]);
  return q;
}
