import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customization } from '@shared/cart';
import type { Order } from '@shared/orders';
import { apiDelete, apiGet, apiPost } from '@web/lib/api';
import { CART_KEY } from '@web/features/cart';

export const ORDERS_KEY = ['orders'] as const;

export const useMyOrders = () =>
  useQuery({
    queryKey: ORDERS_KEY,
    queryFn: () => apiGet('/orders/').then((r) => r.orders),
    staleTime: 0,
  });

/** One order, fresh from the server; the list's copy shows at once. */
export const useOrder = (id: number | null, initial?: Order) =>
  useQuery({
    queryKey: [...ORDERS_KEY, id],
    queryFn: () => apiGet('/orders/{id}', { path: { id: id! } }).then((r) => r.order),
    enabled: id !== null,
    initialData: initial,
    staleTime: 0,
  });

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete('/orders/{id}', { path: { id } }).then((r) => r.order),
    onSuccess: () => qc.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

export type ModifyItem = { product_id: number; size: string; quantity: number; customizations: Customization[] };

export function useModifyOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, items }: { id: number; items: ModifyItem[] }) =>
      apiPost('/orders/{id}/modify', { items }, { path: { id } }).then((r) => r.order),
    onSuccess: () => qc.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

/** POST /orders/:id/buy-again: the order's lines back in the cart at today's prices; the cart reads again. */
export function useBuyAgain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost('/orders/{id}/buy-again', {}, { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: CART_KEY }),
  });
}
