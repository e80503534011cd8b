import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KitInput } from '@shared/kits';
import { apiDelete, apiGet, apiPost, apiPut } from '@web/lib/api';

const kitsKey = (departmentId: number) => ['admin', 'departments', departmentId, 'kits'] as const;

export const useDepartmentKits = (departmentId: number) =>
  useQuery({
    queryKey: kitsKey(departmentId),
    queryFn: () => apiGet(`/departments/${departmentId}/kits`, { answer: 'kits' }).then((r) => r.kits),
  });

/** Create when no id is given, otherwise replace the kit's name, items and state. */
export function useSaveKit(departmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: KitInput }) => {
      if (id === undefined) return apiPost('/kits/admin/', body, { answer: 'kit' }).then((r) => r.kit);
      const { department_id: _, ...rest } = body;
      return apiPut(`/kits/admin/${id}`, rest, { answer: 'kit' }).then((r) => r.kit);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: kitsKey(departmentId) }),
  });
}

export function useDeleteKit(departmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/kits/admin/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: kitsKey(departmentId) }),
  });
}
