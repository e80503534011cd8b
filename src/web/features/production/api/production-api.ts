import { useQueries, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';

/** What the sheet covers: the orders chosen in the list, else every order in the chosen statuses. */
export type Scope = { orders: number[] } | { statuses: readonly string[] };

export const useProductionSheet = (scope: Scope) => {
  const q = 'orders' in scope ? `order_ids=${scope.orders.join(',')}` : `status=${scope.statuses.join(',')}`;
  return useQuery({
    queryKey: ['production', 'sheet', q],
    queryFn: () => apiGet(`/orders/admin/production?${q}`, { answer: 'production' }),
    enabled: 'orders' in scope ? scope.orders.length > 0 : scope.statuses.length > 0,
  });
};

/** The whole staff answer of each order, for its work order (phone, lines, notes). */
export const useWorkOrders = (ids: number[]) =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: ['production', 'order', id],
      queryFn: () => apiGet(`/orders/admin/${id}`, { answer: 'order' }).then((r) => r.order),
    })),
  });

/** "1,2,3" from the URL as ids; anything that is not a positive whole number is dropped. */
export const parseIds = (text: string | null) =>
  [
    ...new Set(
      (text ?? '')
        .split(',')
        .filter((s) => /^\d+$/.test(s))
        .map(Number),
    ),
  ].filter((n) => n > 0);
