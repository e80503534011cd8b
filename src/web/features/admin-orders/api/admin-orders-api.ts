import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ADMIN_COUNTS_KEY } from '@web/lib/admin-counts-key';
import { apiGet, apiPost, apiPut } from '@web/lib/api';
import type { DueDateChange } from '@shared/due-date-rules';
import type { BulkStatusInput } from '@shared/order-ops';
import type { ShipmentRowInput } from '@shared/shipments';
import type { Order, StatusUpdate } from '@shared/orders';
import type { StaffEditInput, StaffEditQuote, StaffEditQuoteInput } from '@shared/order-edit';
import type { RecordCreditInput, RecordPaymentInput, RecordRefundInput } from '@shared/payments';
import type { StaffCancelInput } from '@shared/staff-cancel';

const KEY = ['admin-orders'] as const;
/** How far behind the open list may fall (at most 15 s); paused while the tab is hidden. */
export const REFRESH_MS = 15_000;

export function useAdminOrders(query: URLSearchParams) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...KEY, 'list', query.toString()],
    queryFn: async () => {
      const answer = await apiGet('/orders/admin/all', { query });
      // The list's counts are the badge's number: one poll feeds both instead of two drifting apart.
      qc.setQueryData([...ADMIN_COUNTS_KEY, 'pending-orders'], answer.counts.pending ?? 0);
      return answer;
    },
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export const useAdminOrder = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => apiGet('/orders/admin/{id}', { path: { id: id! } }).then((r) => r.order),
    enabled: id !== null,
    staleTime: 0,
  });

// Not awaited: a form resets as soon as the change is saved, before the refreshed list and badges arrive.
const refreshAll = (qc: QueryClient) => {
  void qc.invalidateQueries({ queryKey: KEY });
  void qc.invalidateQueries({ queryKey: ADMIN_COUNTS_KEY });
  void qc.invalidateQueries({ queryKey: ['production'] });
  void qc.invalidateQueries({ queryKey: ['statements'] });
};

/** Puts a staff answer (the whole order) in the cache of its view, then refreshes the rest. */
function useOrderMutation<V>(call: (v: V) => Promise<{ order: Order }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: V) => (await call(v)).order,
    onSuccess: (order) => {
      qc.setQueryData([...KEY, 'one', order.id], order);
      refreshAll(qc);
    },
  });
}

export const useUpdateOrderStatus = () =>
  useOrderMutation(({ id, body }: { id: number; body: StatusUpdate }) =>
    apiPut('/orders/{id}/status', body, { path: { id } }),
  );

export const useAddNote = () =>
  useOrderMutation(({ id, note }: { id: number; note: string }) =>
    apiPost('/orders/admin/{id}/notes', { note }, { path: { id } }),
  );

export const useEditItems = () =>
  useOrderMutation(({ id, body }: { id: number; body: StaffEditInput }) =>
    apiPut('/orders/admin/{id}/items', body, { path: { id } }),
  );

export const useChangeDueDate = () =>
  useOrderMutation(({ id, body }: { id: number; body: DueDateChange }) =>
    apiPut('/orders/admin/{id}/due-date', body, { path: { id } }),
  );

/**
 * The lines staff are typing, priced by the server as saving would price them (null: nothing valid to price yet).
 * The last figures stay on screen while the next ones load.
 */
export const useEditQuote = (id: number, body: StaffEditQuoteInput | null) =>
  useQuery({
    queryKey: ['admin-order-edit-quote', id, body],
    queryFn: async ({ signal }): Promise<StaffEditQuote> =>
      (await apiPost('/orders/admin/{id}/quote', body!, { path: { id }, signal })).quote,
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 10_000,
  });

// Money moves like a status change: the order's view, the list (its payment column and filter) and the counts.
export const useRecordPayment = () =>
  useOrderMutation(({ id, body }: { id: number; body: RecordPaymentInput }) =>
    apiPost('/orders/admin/{id}/payments', body, { path: { id } }),
  );

export const useRecordRefund = () =>
  useOrderMutation(({ id, body }: { id: number; body: RecordRefundInput }) =>
    apiPost('/orders/admin/{id}/refunds', body, { path: { id } }),
  );

export const useRecordCredit = () =>
  useOrderMutation(({ id, body }: { id: number; body: RecordCreditInput }) =>
    apiPost('/orders/admin/{id}/credits', body, { path: { id } }),
  );

export const useStaffCancel = () =>
  useOrderMutation(({ id, body }: { id: number; body: StaffCancelInput }) =>
    apiPost('/orders/admin/{id}/cancel', body, { path: { id } }),
  );

export function useBulkStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkStatusInput) => apiPost('/orders/admin/bulk-status', body),
    // Settled, not success: a refused bulk changed nothing, but a partial one changed some rows.
    onSettled: () => refreshAll(qc),
  });
}

/** Departments for the filter; GET /departments/ is admin-only, so an employee's screen leaves the filter out. */
export const useDepartmentChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'departments'],
    queryFn: () => apiGet('/departments/').then((r) => r.departments),
    enabled,
    staleTime: 5 * 60_000,
  });

export type BulkShipRequest = {
  rows?: ShipmentRowInput[];
  csv?: string;
  apply: boolean;
  allow_unpaid: boolean;
  allow_tracking_reuse: boolean;
};

/** POST /orders/admin/shipments: a preview (apply false) or the ship itself; lists refresh after a ship. */
export function useBulkShip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkShipRequest) => apiPost('/orders/admin/shipments', body),
    onSettled: (_data, _err, body) => {
      if (body.apply) refreshAll(qc);
    },
  });
}

/** The chosen orders' numbers, customers and statuses for the ship table (the production sheet's order list). */
export const useShipTargets = (ids: number[]) =>
  useQuery({
    queryKey: ['production', 'sheet', `order_ids=${ids.join(',')}`],
    queryFn: () => apiGet('/orders/admin/production', { query: { order_ids: ids } }),
    enabled: ids.length > 0,
    select: (sheet) => sheet.orders,
  });
