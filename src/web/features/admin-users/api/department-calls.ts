import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepartmentBody } from '@shared/admin';
import { apiDelete, apiGet, apiPatch, apiPost } from '@web/lib/api';

const KEY = ['admin', 'departments'] as const;

export const useDepartments = () =>
  useQuery({
    queryKey: KEY,
    queryFn: () => apiGet('/departments/', { answer: 'departments' }).then((r) => r.departments),
  });

/** Create when no id is given, otherwise replace the department's fields. */
export function useSaveDepartment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: DepartmentBody }) =>
      (id === undefined
        ? apiPost('/departments/', body, { answer: 'department' })
        : apiPatch(`/departments/${id}`, body, { answer: 'department' })
      ).then((r) => r.department),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteDepartment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/departments/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
