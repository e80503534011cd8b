import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddKit } from '@shared/kits';
import { apiGet, apiPost } from '@web/lib/api';

export const KITS_KEY = ['kits'] as const;

/** The kits of the member's department; an empty list for everyone else, so the store shows nothing. */
export const useMyKits = () =>
  useQuery({
    queryKey: KITS_KEY,
    queryFn: () => apiGet('/kits/').then((r) => r.kits),
    staleTime: 60_000,
  });

export function useAddKit(kitId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddKit) => apiPost('/kits/{id}/cart', body, { path: { id: kitId } }),
    // ['cart'] is the cart feature's key (logout clears it with the rest of the cache).
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cart'] }),
  });
}
