import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import type { Cart } from '@shared/cart';
import { repriceCart } from '@shared/cart-basics';
import { errorText, apiDelete } from '@web/lib/api';
import { markCartChanged } from './cart-activity';
import { CART_KEY } from './cart-keys';

export const removeCartItem = (id: number) => apiDelete(`/cart/items/${id}`, { answer: 'cartChange' });

/** DELETE /cart/items/:id. Local change first; on failure the cart is reloaded from the server (docs/product.md#cart). */
export function useRemoveCartItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: CART_KEY,
    mutationFn: (id: number) => removeCartItem(id),
    onMutate: async (id) => {
      markCartChanged();
      await qc.cancelQueries({ queryKey: CART_KEY });
      const cart = qc.getQueryData<Cart>(CART_KEY);
      if (cart)
        qc.setQueryData(
          CART_KEY,
          repriceCart(
            cart.items.filter((i) => i.id !== id),
            cart,
          ),
        );
    },
    onSuccess: (res) => {
      if (qc.isMutating({ mutationKey: CART_KEY }) <= 1) qc.setQueryData(CART_KEY, res.cart);
    },
    onError: (err) => {
      void qc.invalidateQueries({ queryKey: CART_KEY });
      toast.error(errorText(err, 'Failed to remove item from cart'));
    },
  });
}
