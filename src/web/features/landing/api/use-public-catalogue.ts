import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';

/**
 * GET /products/ as a guest sees it (the shared, publicly cached answer). Its own key: once signed in, a member of a
 * limited department gets another answer, which the store fetches under its key.
 */
export function usePublicCatalogue() {
  return useQuery({
    queryKey: ['products', 'public'],
    queryFn: () => apiGet('/products/').then((r) => r.products),
    staleTime: 5 * 60_000,
  });
}

/** The decoration price the product view quotes (GET /settings/, public). */
export function usePublicSettings() {
  return useQuery({
    queryKey: ['settings', 'public'],
    queryFn: () => apiGet('/settings/').then((r) => r.settings),
    staleTime: 5 * 60_000,
  });
}
