import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserPatch } from '@shared/admin';
import { apiGet, apiPatch } from '@web/lib/api';

const KEY = ['admin', 'users'] as const;

/** One page of the users table; `query` is GET /users/'s query (users-filters.ts builds it). */
export function useUsers(query: URLSearchParams) {
  return useQuery({
    queryKey: [...KEY, query.toString()],
    queryFn: ({ signal }) => apiGet('/users/', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: UserPatch }) =>
      apiPatch('/users/{id}', patch, { path: { id } }).then((r) => r.user),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
