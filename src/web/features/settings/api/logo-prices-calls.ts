import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LogoPricesInput } from '@shared/logos';
import { apiGet, apiPut } from '@web/lib/api';

const KEY = ['settings', 'logo-prices'] as const;

export const useLogoPrices = () =>
  useQuery({ queryKey: KEY, queryFn: () => apiGet('/settings/logo-prices').then((r) => r.logo_prices) });

/** PUT /settings/logo-prices (admin): open carts and the customiser's logo prices follow at once. */
export function useSaveLogoPrices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LogoPricesInput) => apiPut('/settings/logo-prices', body).then((r) => r.logo_prices),
    onSuccess: async (saved) => {
      qc.setQueryData(KEY, saved);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['cart'] }),
        qc.invalidateQueries({ queryKey: ['artwork'] }),
      ]);
    },
  });
}
