import { apiDelete } from '@web/lib/api';
import { useLineChange } from './use-line-change';

export const removeCartItem = (id: number) => apiDelete('/cart/items/{id}', { path: { id } });

/** DELETE /cart/items/:id. */
export const useRemoveCartItem = () =>
  useLineChange({
    send: removeCartItem,
    lines: (items, id: number) => items.filter((i) => i.id !== id),
    failed: 'Failed to remove item from cart',
  });
