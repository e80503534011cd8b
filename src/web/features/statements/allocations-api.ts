import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AllocationInput } from '@shared/allocations';
import { apiGet, apiPost } from '@web/lib/api';
import { STATEMENTS_KEY } from './statements-api';

export type PartyChoice = { department_id: number } | { customer_id: number };

/** The party's open orders, oldest first, with what each owes (the server's account of each order). */
export const useOpenOrders = (party: PartyChoice | null) =>
  useQuery({
    queryKey: [...STATEMENTS_KEY, 'open', party],
    queryFn: () => apiGet('/payments/admin/allocations/open', { query: party! }),
    enabled: party !== null,
  });

/** Records the payment; statements, open orders and the order views read it afresh. */
export function useRecordAllocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: AllocationInput) => (await apiPost('/payments/admin/allocations', body)).allocation,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: STATEMENTS_KEY });
      void qc.invalidateQueries({ queryKey: ['admin-orders'] });
    },
  });
}
