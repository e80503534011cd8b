import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';

/** The signed-in customer's own orders for the "about an order" choice; only fetched when that reason is picked. */
export const useOrderChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['orders', 'contact-choices'],
    queryFn: () => apiGet('/orders/').then((r) => r.orders),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
