import { useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/cart-catalog';
import { useSession } from '@web/features/auth';
import { apiGet } from '@web/lib/api';

/** GET /orders/my-sizes: the size of each garment the customer last ordered; a guest has none to ask for. */
export function useMySizes() {
  const { data: user } = useSession();
  return useQuery({
    queryKey: ['orders', 'my-sizes', user?.id ?? null],
    queryFn: () => apiGet('/orders/my-sizes').then((r) => r.sizes),
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
  });
}

/** The customer's own earlier size of this garment, when the garment still makes it. */
export function useMySize(product: Product): string | undefined {
  const { data } = useMySizes();
  const mine = data?.find((s) => s.garment === product.base_name)?.size;
  return mine && product.sizes.some((s) => s.label === mine) ? mine : undefined;
}
