import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KitInput } from '@shared/kits';
import { apiDelete, apiGet, apiPost, apiPut } from '@web/lib/api';

const kitsKey = (departmentId: number) => ['admin', 'departments', departmentId, 'kits'] as const;

export const useDepartmentKits = (departmentId: number) =>
  useQuery({
    queryKey: kitsKey(departmentId),
    queryFn: () => apiGet('/departments/{id}/kits', { path: { id: departmentId } }).then((r) => r.kits),
  });

/** Create when no id is given, otherwise replace the kit's name, items and state. */
export function useSaveKit(departmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: KitInput }) => {
      if (id === undefined) return apiPost('/kits/admin/', body).then((r) => r.kit);
      const { department_id: _, ...rest } = body;
      return apiPut('/kits/admin/{id}', rest, { path: { id } }).then((r) => r.kit);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: kitsKey(departmentId) }),
  });
}

export function useDeleteKit(departmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete('/kits/admin/{id}', { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: kitsKey(departmentId) }),
  });
}
