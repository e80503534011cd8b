import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';

/** The Today page keeps itself current while open (paused while the tab is hidden). */
export const TODAY_REFRESH_MS = 30_000;

export const useToday = () =>
  useQuery({
    queryKey: ['today'],
    queryFn: () => apiGet('/today').then((r) => r.today),
    staleTime: 10_000,
    refetchInterval: TODAY_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
