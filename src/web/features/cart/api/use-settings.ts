import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@web/lib/toast';
import { DEFAULT_SETTINGS } from '@shared/constants';
import type { Settings } from '@shared/settings';
import { apiGet } from '@web/lib/api';
import { earliestDueDay } from '@shared/due-dates';

export const SETTINGS_KEY = ['settings'] as const;
const FAILED = 'Failed to load application settings';

/** GET /settings/, loaded once per session; docs/product.md#constants defaults until it answers or when it fails (docs/product.md#errors-the-user-sees). */
export function useSettings(): Settings {
  const q = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => apiGet('/settings/').then((r) => r.settings),
    staleTime: Infinity,
    retry: 1,
  });
  useEffect(() => {
    if (q.isError) toast.error(FAILED, { id: 'settings-failed' });
  }, [q.isError]);
  return (
    q.data ?? { ...DEFAULT_SETTINGS, earliest_due_date: earliestDueDay(new Date(), DEFAULT_SETTINGS.lead_time_days) }
  );
}
