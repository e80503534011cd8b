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

const SHOP_BREAKS_KEY = ['quantity-breaks'] as const;

/** GET /admin/quantity-breaks: the shop-wide breaks. */
export const useShopBreaks = () =>
  useQuery({
    queryKey: SHOP_BREAKS_KEY,
    queryFn: () => apiGet('/admin/quantity-breaks').then((r) => r.breaks),
  });

/** PUT /admin/quantity-breaks (admin): open carts and the store's prices follow at once. */
export function useSaveShopBreaks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (breaks: { min_quantity: number; percent_off?: number }[]) =>
      apiPut('/admin/quantity-breaks', { breaks }).then((r) => r.breaks),
    onSuccess: async (saved) => {
      qc.setQueryData(SHOP_BREAKS_KEY, saved);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['cart'] }),
        qc.invalidateQueries({ queryKey: ['products'] }),
        qc.invalidateQueries({ queryKey: ['admin', 'products'] }),
      ]);
    },
  });
}
