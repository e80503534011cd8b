import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsUpdate } from '@shared/settings';
import { apiGet, apiPut } from '@web/lib/api';

// Under the ['settings'] prefix so invalidating ['settings'] (the store's key) refreshes this one too.
export const ADMIN_SETTINGS_KEY = ['settings', 'admin'] as const;

export function useAdminSettings() {
  return useQuery({
    queryKey: ADMIN_SETTINGS_KEY,
    queryFn: () => apiGet('/settings/').then((r) => r.settings),
  });
}

/** PUT /settings/ (admin). Open carts are priced live, so the cart queries are refreshed as well. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsUpdate) => apiPut('/settings/', body).then((r) => r.settings),
    onSuccess: async (saved) => {
      qc.setQueryData(ADMIN_SETTINGS_KEY, saved);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['settings'] }),
        qc.invalidateQueries({ queryKey: ['cart'] }),
      ]);
    },
  });
}
