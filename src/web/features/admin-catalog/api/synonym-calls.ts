import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productsQuery } from '@web/features/store';
import { apiDelete, apiGet, apiPost, apiPut } from '@web/lib/api';

const KEY = ['admin', 'search-synonyms'] as const;

/** A change reaches the store's search too: the synonyms come with the catalogue. */
const refresh = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([qc.invalidateQueries({ queryKey: KEY }), qc.invalidateQueries({ queryKey: productsQuery.queryKey })]);

export const useSynonymGroups = () =>
  useQuery({ queryKey: KEY, queryFn: () => apiGet('/admin/search-synonyms').then((r) => r.groups) });

/** Saves a group: a new one without an id, else its new words. */
export function useSaveSynonyms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, words }: { id?: number; words: string[] }) =>
      id === undefined
        ? apiPost('/admin/search-synonyms', { words })
        : apiPut('/admin/search-synonyms/{id}', { words }, { path: { id } }),
    onSettled: () => refresh(qc),
  });
}

export function useDeleteSynonyms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete('/admin/search-synonyms/{id}', { path: { id } }),
    onSettled: () => refresh(qc),
  });
}
