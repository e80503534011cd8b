import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';

/**
 * The signed-in customer's artworks as logos, each priced (docs/product.md#logos-on-garments). Under the artwork
 * key, so an upload or a decision anywhere refreshes the prices and the fee still owed.
 */
export const useMyLogos = (enabled: boolean) =>
  useQuery({
    queryKey: ['artwork', 'logos'],
    queryFn: async () => (await apiGet('/artwork/logos')).logos,
    enabled,
  });
