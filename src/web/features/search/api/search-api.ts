import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_CHARS } from '@shared/orders';
import { apiGet } from '@web/lib/api';

/** The staff's global search; text shorter than SEARCH_MIN_CHARS is not sent (the page says to type more). */
export const useGlobalSearch = (text: string) =>
  useQuery({
    queryKey: ['search', text],
    queryFn: ({ signal }) => apiGet('/search', { query: new URLSearchParams({ q: text }), signal }),
    enabled: text.length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
