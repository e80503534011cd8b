import { useQuery } from '@tanstack/react-query';
import { useSession } from '@web/features/auth';
import { apiGet } from '@web/lib/api';

export const ALLOWANCE_KEY = ['allowance'] as const;

/** The signed-in member's allowance this period (null without one); refreshed whenever an order changes it. */
export function useMyAllowance() {
  const { data: user } = useSession();
  return useQuery({
    queryKey: ALLOWANCE_KEY,
    queryFn: () => apiGet('/users/me/allowance').then((r) => r.allowance),
    enabled: Boolean(user),
    staleTime: 0,
  });
}
