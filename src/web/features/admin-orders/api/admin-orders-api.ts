import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus, StatusUpdate } from '@shared/orders';
import { ADMIN_COUNTS_KEY } from '@web/lib/admin-counts-key';
import { apiGet, apiPut } from '@web/lib/api';

const KEY = ['admin-orders'] as const;
export type AdminFilter = { status: OrderStatus | null; search: string; offset: number; limit: number };

export function useAdminOrders(f: AdminFilter) {
  const q = new URLSearchParams({ limit: String(f.limit), offset: String(f.offset) });
  if (f.status) q.set('status', f.status);
  if (f.search.trim()) q.set('search', f.search.trim());
  return useQuery({
    queryKey: [...KEY, 'list', f],
    queryFn: () => apiGet(`/orders/admin/all?${q}`, { answer: 'adminOrders' }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export const useAdminOrder = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => apiGet(`/orders/admin/${id}`, { answer: 'order' }).then((r) => r.order),
    enabled: id !== null,
    staleTime: 0,
  });

export function useUpdateOrderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StatusUpdate }) =>
      apiPut(`/orders/${id}/status`, body, { answer: 'order' }).then((r) => r.order),
    // Not awaited: the form resets as soon as the change is saved, before the refreshed order arrives.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: KEY });
      void qc.invalidateQueries({ queryKey: ADMIN_COUNTS_KEY });
    },
  });
}
