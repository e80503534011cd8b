import { useQuery } from '@tanstack/react-query';
import { ADMIN_COUNTS_KEY } from '@web/lib/admin-counts-key';
import { apiGet } from '@web/lib/api';
import type { AdminCounts } from '@web/components/admin-nav';

// As often as the open order list (features/admin-orders REFRESH_MS), which also writes the pending count here.
const REFETCH_MS = 15_000;

// A badge is a hint, not a page: any failure reads as zero and stays silent.
const quietly = async (load: () => Promise<number | undefined>) => {
  try {
    return (await load()) ?? 0;
  } catch {
    return 0;
  }
};

/** Pending orders and unread messages (pending, and conversations marked unread) for the admin badges; staff only. */
export function useAdminCounts(enabled: boolean): AdminCounts {
  const common = { enabled, refetchInterval: REFETCH_MS, staleTime: 10_000, retry: false } as const;
  const pending = useQuery({
    ...common,
    queryKey: [...ADMIN_COUNTS_KEY, 'pending-orders'],
    queryFn: () => quietly(async () => (await apiGet('/orders/admin/all', { query: { limit: 1 } })).counts.pending),
  });
  const unread = useQuery({
    ...common,
    queryKey: [...ADMIN_COUNTS_KEY, 'unread-messages'],
    // Unread messages, plus the conversations staff marked unread that hold none.
    queryFn: () =>
      quietly(async () => {
        const { statistics } = await apiGet('/contact/stats/');
        return statistics.pending + statistics.marked_unread;
      }),
  });
  return { pending: pending.data ?? 0, unread: unread.data ?? 0 };
}
