import { useQuery } from '@tanstack/react-query';
import { ADMIN_COUNTS_KEY } from '@web/lib/admin-counts-key';
import { apiGet } from '@web/lib/api';
import type { AdminCounts } from '@web/components/admin-nav';

const REFETCH_MS = 30_000;

// A badge is a hint, not a page: any failure reads as zero and stays silent.
const quietly = async (load: () => Promise<number | undefined>) => {
  try {
    return (await load()) ?? 0;
  } catch {
    return 0;
  }
};

/** Pending orders and unread (pending) messages for the admin badges; staff only. */
export function useAdminCounts(enabled: boolean): AdminCounts {
  const common = { enabled, refetchInterval: REFETCH_MS, staleTime: 10_000, retry: false } as const;
  const pending = useQuery({
    ...common,
    queryKey: [...ADMIN_COUNTS_KEY, 'pending-orders'],
    queryFn: () =>
      quietly(async () => (await apiGet('/orders/admin/all?limit=1', { answer: 'adminOrders' })).counts.pending),
  });
  const unread = useQuery({
    ...common,
    queryKey: [...ADMIN_COUNTS_KEY, 'unread-messages'],
    queryFn: () => quietly(async () => (await apiGet('/contact/stats/', { answer: 'statistics' })).statistics.pending),
  });
  return { pending: pending.data ?? 0, unread: unread.data ?? 0 };
}
