import { useQueries, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';
import { parseIds } from '@web/lib/id-list';

/** What the sheet covers: the orders chosen in the list, else every order in the chosen statuses. */
export type Scope = { orders: number[] } | { statuses: readonly string[] };

const scopeQuery = (scope: Scope) =>
  'orders' in scope ? `order_ids=${scope.orders.join(',')}` : `status=${scope.statuses.join(',')}`;

export const useProductionSheet = (scope: Scope) => {
  const q = scopeQuery(scope);
  return useQuery({
    queryKey: ['production', 'sheet', q],
    queryFn: () => apiGet('/orders/admin/production', { query: new URLSearchParams(q) }),
    enabled: 'orders' in scope ? scope.orders.length > 0 : scope.statuses.length > 0,
  });
};

/** The whole staff answer of each order, for its work order (phone, lines, notes). */
export const useWorkOrders = (ids: number[]) =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: ['production', 'order', id],
      queryFn: () => apiGet('/orders/admin/{id}', { path: { id } }).then((r) => r.order),
    })),
  });

/** Blanks and decorations to pull for the same orders as the sheet. */
export const usePickList = (scope: Scope, enabled = true) => {
  const q = scopeQuery(scope);
  return useQuery({
    queryKey: ['production', 'pick-list', q],
    queryFn: () => apiGet('/orders/admin/pick-list', { query: new URLSearchParams(q) }),
    enabled: enabled && ('orders' in scope ? scope.orders.length > 0 : scope.statuses.length > 0),
  });
};

/** The scope a production page reads from its URL: ?orders=1,2 (chosen in the list), else ?status=a,b. */
export function scopeFromParams(params: URLSearchParams, choices: readonly string[], fallback: readonly string[]) {
  const ids = parseIds(params.get('orders'));
  const chosen = (params.get('status') ?? '').split(',').filter((s) => choices.includes(s));
  const statuses = params.has('status') ? chosen : fallback;
  const scope: Scope = ids.length ? { orders: ids } : { statuses };
  return { ids, statuses, scope };
}
