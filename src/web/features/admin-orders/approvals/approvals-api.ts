import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordDecision } from '@shared/order-approvals';
import { ADMIN_COUNTS_KEY } from '@web/lib/admin-counts-key';
import { apiGet, apiPost } from '@web/lib/api';

const key = (id: number) => ['admin-orders', 'approvals', id] as const;

export const useOrderApprovals = (id: number) =>
  useQuery({
    queryKey: key(id),
    queryFn: () => apiGet('/orders/admin/{id}/approvals', { path: { id } }).then((r) => r.approvals),
    staleTime: 0,
  });

export function useResendApproval(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/orders/admin/{id}/approvals/resend', {}, { path: { id } }).then((r) => r.approvals),
    onSuccess: (approvals) => {
      qc.setQueryData(key(id), approvals);
      // The timeline gains the staff note naming who was e-mailed.
      void qc.invalidateQueries({ queryKey: ['admin-orders', 'one', id] });
    },
  });
}

export function useRecordDecision(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordDecision) =>
      apiPost('/orders/admin/{id}/approvals/record', body, { path: { id } }).then((r) => r.order),
    onSuccess: (order) => {
      qc.setQueryData(['admin-orders', 'one', id], order);
      void qc.invalidateQueries({ queryKey: ['admin-orders'] });
      void qc.invalidateQueries({ queryKey: ADMIN_COUNTS_KEY });
    },
  });
}
