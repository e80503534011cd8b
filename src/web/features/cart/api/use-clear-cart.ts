import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import type { Cart } from '@shared/cart';
import { emptyCart } from '@shared/cart-basics';
import { errorText, apiDelete } from '@web/lib/api';
import { markCartChanged } from './cart-activity';
import { CART_KEY } from './cart-keys';

/** DELETE /cart/: empties at once; a failure reloads the real cart. */
export function useClearCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: CART_KEY,
    mutationFn: () => apiDelete('/cart/'),
    onMutate: async () => {
      markCartChanged();
      await qc.cancelQueries({ queryKey: CART_KEY });
      const cart = qc.getQueryData<Cart>(CART_KEY);
      if (cart) qc.setQueryData(CART_KEY, emptyCart(cart.tax_rate));
    },
    onSuccess: (res) => qc.setQueryData(CART_KEY, res.cart),
    onError: (err) => {
      void qc.invalidateQueries({ queryKey: CART_KEY });
      toast.error(errorText(err, 'Failed to remove item from cart'));
    },
  });
}
