import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiGet } from '@web/lib/api';

/**
 * GET /invoices/:token: the invoice a signed link names (no login) and the customer's language, which the page opens
 * in; a 404 is a wrong link, not worth a retry.
 */
export const useInvoice = (token: string) =>
  useQuery({
    queryKey: ['invoice', token],
    queryFn: () => apiGet('/invoices/{token}', { path: { token } }),
    retry: (n, err) => !(err instanceof ApiRequestError && err.status < 500) && n < 1,
    staleTime: 0,
  });
