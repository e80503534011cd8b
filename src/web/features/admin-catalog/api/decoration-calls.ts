import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DecorationKindCreate, DecorationKindUpdate } from '@shared/decorations';
import { productsQuery } from '@web/features/store';
import { apiGet, apiPost, apiPut } from '@web/lib/api';

const KEY = ['admin', 'decorations'] as const;

/**
 * A kind's change reaches the products too: a garment offers only active kinds on the positions they take, so the
 * editor's garments and this tab's store read again.
 */
const refresh = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: KEY }),
    qc.invalidateQueries({ queryKey: ['admin', 'products'] }),
    qc.invalidateQueries({ queryKey: productsQuery.queryKey }),
  ]);

/** Every decoration kind (switched off ones too) and every position, in the shop's order. */
export const useDecorationKinds = () =>
  useQuery({
    queryKey: KEY,
    queryFn: () => apiGet('/decorations/admin/').then((r) => ({ kinds: r.kinds, positions: r.positions })),
  });

export function useCreateKind() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DecorationKindCreate) => apiPost('/decorations/admin/', body).then((r) => r.kind),
    onSuccess: () => refresh(qc),
  });
}

export function useUpdateKind() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: DecorationKindUpdate }) =>
      apiPut('/decorations/admin/{id}', patch, { path: { id } }).then((r) => r.kind),
    onSettled: () => refresh(qc),
  });
}
