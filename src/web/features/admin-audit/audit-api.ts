import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';

/** The page's filters as the API's query string (empty values left out). */
export const useAuditLog = (query: URLSearchParams) =>
  useQuery({
    queryKey: ['audit', query.toString()],
    queryFn: () => apiGet('/audit/', { query }),
    placeholderData: keepPreviousData,
  });
