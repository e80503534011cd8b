import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedReplyInput } from '@shared/saved-replies';
import { apiDelete, apiGet, apiPatch, apiPost } from '@web/lib/api';
import { CONTACT_KEY } from './keys';

const KEY = [...CONTACT_KEY, 'saved-replies'] as const;

/** GET /contact/saved-replies: every staff member reads them to insert into a reply. */
export const useSavedReplies = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiGet('/contact/saved-replies', { signal }),
    staleTime: 60_000,
  });

/** Admins only: add (no id), change or delete a saved reply. */
export function useSaveSavedReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SavedReplyInput }) =>
      id === null
        ? apiPost('/contact/saved-replies', body)
        : apiPatch('/contact/saved-replies/{id}', body, { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteSavedReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete('/contact/saved-replies/{id}', { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
