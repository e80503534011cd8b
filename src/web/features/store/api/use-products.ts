import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';

/** GET /products/: the whole active catalogue once (it is small and cached by the server); filtering is local. */
const catalogueQuery = queryOptions({
  queryKey: ['products'],
  queryFn: () => apiGet('/products/'),
  staleTime: 5 * 60_000,
});

export const productsQuery = queryOptions({ ...catalogueQuery, select: (answer) => answer.products });

export function useProducts() {
  return useQuery(productsQuery);
}

/** The search's synonym groups, which come with the catalogue (one request for both). */
export function useSearchSynonyms() {
  return useQuery({ ...catalogueQuery, select: (answer) => answer.search_synonyms }).data;
}
