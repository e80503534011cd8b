import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import type { Cart } from '@shared/cart';
import { repriceCart } from '@shared/cart-basics';
import { errorText, apiPut } from '@web/lib/api';
import { markCartChanged } from './cart-activity';
import { CART_KEY } from './cart-keys';

/** PUT /cart/items/:id. Local change first; on failure the cart is reloaded from the server (docs/product.md#cart). */
export function useUpdateCartItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: CART_KEY,
    mutationFn: ({ id, quantity }: { id: number; quantity: number }) =>
      apiPut(`/cart/items/${id}`, { quantity }, { answer: 'cartChange' }),
    onMutate: async ({ id, quantity }) => {
      markCartChanged();
      await qc.cancelQueries({ queryKey: CART_KEY });
      const cart = qc.getQueryData<Cart>(CART_KEY);
      if (cart)
        qc.setQueryData(
          CART_KEY,
          repriceCart(
            cart.items.map((i) => (i.id === id ? { ...i, quantity } : i)),
            cart,
          ),
        );
    },
    onSuccess: (res) => {
      // Quick clicks overlap: only the last answer may replace the local state, or the stepper would jump back.
      if (qc.isMutating({ mutationKey: CART_KEY }) <= 1) qc.setQueryData(CART_KEY, res.cart);
    },
    onError: (err) => {
      void qc.invalidateQueries({ queryKey: CART_KEY });
      toast.error(errorText(err, 'Failed to update cart item'));
    },
  });
}
