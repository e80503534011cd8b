import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiError } from '@shared/api-error';
import type { ArtworkDecisionInput, ArtworkStatus } from '@shared/artwork';
import { API_BASE } from '@shared/constants';
import { ApiRequestError, apiGet, apiPost } from '@web/lib/api';

const refresh = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ['artwork'] });

export const useMyArtwork = () => useQuery({ queryKey: ['artwork', 'mine'], queryFn: () => apiGet('/artwork') });

export const useArtwork = (id: number) =>
  useQuery({
    queryKey: ['artwork', 'one', id],
    queryFn: () => apiGet('/artwork/{id}', { path: { id } }),
    retry: (n, err) => !(err instanceof ApiRequestError && err.status < 500) && n < 1,
  });

export const useArtworkQueue = (status: ArtworkStatus | undefined) =>
  useQuery({
    queryKey: ['artwork', 'queue', status ?? 'all'],
    queryFn: () => apiGet('/artwork/admin', { query: { status } }),
  });

export const useStaffArtwork = (id: number) =>
  useQuery({
    queryKey: ['artwork', 'staff', id],
    queryFn: () => apiGet('/artwork/admin/{id}', { path: { id } }),
    retry: (n, err) => !(err instanceof ApiRequestError && err.status < 500) && n < 1,
  });

/**
 * A multipart form to one of the upload routes. fetch, not the JSON client: the browser sets the boundary. The server
 * checks the file by its bytes; the browser's idea of its type is only a hint.
 */
async function sendForm<T>(path: string, form: FormData): Promise<T> {
  const res = await fetch(`${API_BASE}${path}`, { method: 'POST', credentials: 'include', body: form });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) throw new ApiRequestError(res.status, body as Partial<ApiError> | null);
  return body as T;
}

type Created = { artwork: { id: number; name: string; status: ArtworkStatus; preview_url: string } };

export function useUploadArtwork() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { name: string; file: File; customerId?: number }) => {
      const form = new FormData();
      form.append('name', v.name);
      if (v.customerId) form.append('customer_id', String(v.customerId));
      form.append('file', v.file);
      return sendForm<Created>(v.customerId ? '/artwork/admin' : '/artwork', form);
    },
    onSettled: () => refresh(qc),
  });
}

export type ProofForm = {
  stitch_count: string;
  thread_colours: string;
  width_in: string;
  height_in: string;
  note: string;
};

export function useSendProof(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: ProofForm & { file: File }) => {
      const form = new FormData();
      for (const k of ['stitch_count', 'thread_colours', 'width_in', 'height_in', 'note'] as const)
        form.append(k, v[k]);
      form.append('file', v.file);
      return sendForm<{ success: true }>(`/artwork/admin/${id}/proofs`, form);
    },
    onSettled: () => refresh(qc),
  });
}

export function useDecideArtwork(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ArtworkDecisionInput) => apiPost('/artwork/{id}/decision', body, { path: { id } }),
    onSettled: () => refresh(qc),
  });
}

const linkKey = (token: string) => ['proof-link', token] as const;

/** Reading the link never decides anything (the server guarantees it; this only displays). */
export const useProofLink = (token: string) =>
  useQuery({
    queryKey: linkKey(token),
    queryFn: () => apiGet('/artwork/proof-links/{token}', { path: { token } }),
    retry: (n, err) => !(err instanceof ApiRequestError && err.status < 500) && n < 1,
    staleTime: 0,
  });

export function useDecideByLink(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ArtworkDecisionInput) =>
      apiPost('/artwork/proof-links/{token}/decision', body, { path: { token } }),
    onSuccess: (answer) => qc.setQueryData(linkKey(token), answer),
    // A link used meanwhile (or decided in the shop): the page reloads and says what was decided.
    onError: () => qc.invalidateQueries({ queryKey: linkKey(token) }),
  });
}

export const useCustomerSearch = (q: string) =>
  useQuery({
    queryKey: ['artwork', 'customer-search', q],
    queryFn: () => apiGet('/search', { query: { q } }),
    enabled: q.trim().length >= 2,
  });
