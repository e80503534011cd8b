import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserPatch } from '@shared/admin';
import type { ProfileUser } from '@shared/profile';
import { apiGet, apiPatch } from '@web/lib/api';

export type AdminUser = ProfileUser & { last_login_at: string | null };
export type UsersFilter = { search: string; role: '' | 'admin' | 'employee' | 'other'; limit: number; offset: number };

const KEY = ['admin', 'users'] as const;

export function useUsers(f: UsersFilter) {
  const qs = new URLSearchParams({ limit: String(f.limit), offset: String(f.offset) });
  if (f.search.trim()) qs.set('search', f.search.trim());
  if (f.role) qs.set('role', f.role);
  return useQuery({
    queryKey: [...KEY, f],
    queryFn: ({ signal }) => apiGet<{ success: true; users: AdminUser[]; total: number }>(`/users/?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: UserPatch }) => apiPatch<{ success: true; user: AdminUser }>(`/users/${id}`, patch).then((r) => r.user),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
