import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import type { Cart } from '@shared/cart';
import { repriceCart } from '@shared/cart-basics';
import { ApiRequestError, apiDelete } from '@web/lib/api';
import { markCartChanged } from './cart-activity';
import { CART_KEY, type CartAnswer } from './cart-keys';

export const removeCartItem = (id: number) => apiDelete<CartAnswer>(`/cart/items/${id}`);

/** DELETE /cart/items/:id. Local change first; on failure the cart is reloaded from the server (SPEC §4). */
export function useRemoveCartItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: CART_KEY,
    mutationFn: (id: number) => removeCartItem(id),
    onMutate: async (id) => {
      markCartChanged();
      await qc.cancelQueries({ queryKey: CART_KEY });
      const cart = qc.getQueryData<Cart>(CART_KEY);
      if (cart) qc.setQueryData(CART_KEY, repriceCart(cart.items.filter((i) => i.id !== id), cart.tax_rate));
    },
    onSuccess: (res) => {
      if (qc.isMutating({ mutationKey: CART_KEY }) <= 1) qc.setQueryData(CART_KEY, res.cart);
    },
    onError: (err) => {
      void qc.invalidateQueries({ queryKey: CART_KEY });
      toast.error(err instanceof ApiRequestError ? err.messageOr('Failed to remove item from cart') : 'Failed to remove item from cart');
    },
  });
}
