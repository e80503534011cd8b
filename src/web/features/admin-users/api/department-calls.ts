import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Department, DepartmentBody } from '@shared/admin';
import { apiDelete, apiGet, apiPatch, apiPost } from '@web/lib/api';

const KEY = ['admin', 'departments'] as const;

export const useDepartments = () =>
  useQuery({ queryKey: KEY, queryFn: () => apiGet<{ success: true; departments: Department[] }>('/departments/').then((r) => r.departments) });

/** Create when no id is given, otherwise replace the department's fields. */
export function useSaveDepartment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: DepartmentBody }) =>
      (id === undefined ? apiPost<{ department: Department }>('/departments/', body) : apiPatch<{ department: Department }>(`/departments/${id}`, body)).then(
        (r) => r.department,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteDepartment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ success: true }>(`/departments/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
