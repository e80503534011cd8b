import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RosterInput, SizeRunInput } from '@shared/cart-runs';
import { apiPost } from '@web/lib/api';
import { CART_KEY } from '@web/features/cart';

/** POST /cart/items/run: one line per size, all or nothing. */
export function useSizeRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SizeRunInput) => apiPost('/cart/items/run', body),
    onSuccess: (res) => qc.setQueryData(CART_KEY, res.cart),
  });
}

/** POST /cart/roster: a preview (commit false) or every row added (commit true). */
export function useRoster() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RosterInput) => apiPost('/cart/roster', body),
    onSuccess: (res) => {
      if (res.cart) qc.setQueryData(CART_KEY, res.cart);
    },
  });
}
