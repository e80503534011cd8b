import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import type { Cart, CartItem } from '@shared/cart';
import { repriceCart } from '@shared/cart-basics';
import { errorText, type ApiAnswer } from '@web/lib/api';
import { markCartChanged } from './cart-activity';
import { CART_KEY } from './cart-keys';

/**
 * A change to the cart's lines, shown at once (docs/product.md#cart): `lines` gives the lines after the change and the
 * cached cart is repriced from them; the server's cart replaces it; on failure the cart is reloaded from the server.
 */
export function useLineChange<V>({
  send,
  lines,
  failed,
}: {
  send: (vars: V) => Promise<ApiAnswer<'/cart/items/{id}', 'put'>>;
  lines: (items: CartItem[], vars: V) => CartItem[];
  failed: string;
}) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: CART_KEY,
    mutationFn: send,
    onMutate: async (vars: V) => {
      markCartChanged();
      await qc.cancelQueries({ queryKey: CART_KEY });
      const cart = qc.getQueryData<Cart>(CART_KEY);
      if (cart) qc.setQueryData(CART_KEY, repriceCart(lines(cart.items, vars), cart));
    },
    onSuccess: (res) => {
      // Quick clicks overlap: only the last answer may replace the local state, or the stepper would jump back.
      if (qc.isMutating({ mutationKey: CART_KEY }) <= 1) qc.setQueryData(CART_KEY, res.cart);
    },
    onError: (err) => {
      void qc.invalidateQueries({ queryKey: CART_KEY });
      toast.error(errorText(err, failed));
    },
  });
}
