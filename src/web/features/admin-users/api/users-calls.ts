import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserPatch } from '@shared/admin';
import { apiGet, apiPatch } from '@web/lib/api';

export type UsersFilter = { search: string; role: '' | 'admin' | 'employee' | 'other'; limit: number; offset: number };

const KEY = ['admin', 'users'] as const;

export function useUsers(f: UsersFilter) {
  const qs = new URLSearchParams({ limit: String(f.limit), offset: String(f.offset) });
  if (f.search.trim()) qs.set('search', f.search.trim());
  if (f.role) qs.set('role', f.role);
  return useQuery({
    queryKey: [...KEY, f],
    queryFn: ({ signal }) => apiGet(`/users/?${qs}`, { answer: 'users', signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: UserPatch }) =>
      apiPatch(`/users/${id}`, patch, { answer: 'adminUser' }).then((r) => r.user),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
