import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiGet, apiPost } from '@web/lib/api';

const key = (token: string) => ['approval', token] as const;

/** Reading the link never decides anything (the server guarantees it; this only displays). */
export const useApproval = (token: string) =>
  useQuery({
    queryKey: key(token),
    queryFn: () => apiGet('/approvals/{token}', { path: { token } }),
    retry: (n, err) => !(err instanceof ApiRequestError && err.status < 500) && n < 1,
    staleTime: 0,
  });

export type DecisionBody =
  | { kind: 'approve'; comments: string; removed_lines?: { line_id: number; reason: string }[] }
  | { kind: 'deny'; denial_reason: string; comments: string };

export function useDecide(token: string) {
  const qc = useQueryClient();
  // The version on screen: the server refuses a decision on an order edited since (it then reloads the page).
  const seen = () => qc.getQueryData<{ order: { updated_at: string } }>(key(token))?.order.updated_at;
  return useMutation({
    mutationFn: (d: DecisionBody) =>
      d.kind === 'approve'
        ? apiPost(
            '/approvals/{token}/approve',
            { comments: d.comments, removed_lines: d.removed_lines, order_updated_at: seen() },
            { path: { token } },
          )
        : apiPost(
            '/approvals/{token}/deny',
            { denial_reason: d.denial_reason, comments: d.comments, order_updated_at: seen() },
            { path: { token } },
          ),
    onSuccess: (answer) => qc.setQueryData(key(token), answer),
    onSettled: (_d, err) => (err ? qc.invalidateQueries({ queryKey: key(token) }) : undefined),
  });
}
