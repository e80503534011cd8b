import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepartmentBody } from '@shared/admin';
import { apiDelete, apiGet, apiPatch, apiPost, apiPut } from '@web/lib/api';

const KEY = ['admin', 'departments'] as const;

export const useDepartments = () =>
  useQuery({
    queryKey: KEY,
    queryFn: () => apiGet('/departments/').then((r) => r.departments),
  });

/** Create when no id is given, otherwise replace the department's fields. */
export function useSaveDepartment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: DepartmentBody }) =>
      (id === undefined ? apiPost('/departments/', body) : apiPatch('/departments/{id}', body, { path: { id } })).then(
        (r) => r.department,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteDepartment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete('/departments/{id}', { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

const overridesKey = (id: number) => ['admin', 'departments', id, 'allowances'] as const;

export const useAllowanceOverrides = (departmentId: number) =>
  useQuery({
    queryKey: overridesKey(departmentId),
    queryFn: () => apiGet('/departments/{id}/allowances', { path: { id: departmentId } }).then((r) => r.overrides),
  });

/** Finds the member by exact e-mail, then sets (or with null removes) their own amount. */
export function useSetAllowanceOverride(departmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, amount }: { email: string; amount: number | null }) => {
      const found = await apiGet('/users/', { query: new URLSearchParams({ search: email, limit: '20' }) });
      const user = found.users.find((u) => u.email.toLowerCase() === email.trim().toLowerCase());
      if (!user) throw new Error(`No user signed up as ${email.trim()}`);
      return apiPut(
        '/departments/{id}/allowances/{userId}',
        { amount },
        { path: { id: departmentId, userId: user.id } },
      ).then((r) => r.overrides);
    },
    onSuccess: (list) => qc.setQueryData(overridesKey(departmentId), list),
  });
}
