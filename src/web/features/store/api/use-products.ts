import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';

/** GET /products/: the whole active catalogue once (it is small and cached by the server); filtering is local. */
export const productsQuery = queryOptions({
  queryKey: ['products'],
  queryFn: () => apiGet('/products/').then((r) => r.products),
  staleTime: 5 * 60_000,
});

export function useProducts() {
  return useQuery(productsQuery);
}
