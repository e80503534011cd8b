import { apiPut } from '@web/lib/api';
import { useLineChange } from './use-line-change';

/** PUT /cart/items/:id with a new quantity. */
export const useUpdateCartItem = () =>
  useLineChange({
    send: ({ id, quantity }: { id: number; quantity: number }) =>
      apiPut('/cart/items/{id}', { quantity }, { path: { id } }),
    lines: (items, { id, quantity }) => items.map((i) => (i.id === id ? { ...i, quantity } : i)),
    failed: 'Failed to update cart item',
  });
