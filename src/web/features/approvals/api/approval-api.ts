import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalView, Order } from '@shared/orders';
import { ApiRequestError, apiGet, apiPost } from '@web/lib/api';

export type ApprovalAnswer = { success: true; approval: ApprovalView; order: Order };
const key = (token: string) => ['approval', token] as const;

/** Reading the link never decides anything (the server guarantees it; this only displays). */
export const useApproval = (token: string) =>
  useQuery({
    queryKey: key(token),
    queryFn: () => apiGet<ApprovalAnswer>(`/approvals/${encodeURIComponent(token)}`),
    retry: (n, err) => !(err instanceof ApiRequestError && err.status < 500) && n < 1,
    staleTime: 0,
  });

export type DecisionBody = { kind: 'approve'; comments: string } | { kind: 'deny'; denial_reason: string; comments: string };

export function useDecide(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: DecisionBody) =>
      d.kind === 'approve'
        ? apiPost<ApprovalAnswer>(`/approvals/${encodeURIComponent(token)}/approve`, { comments: d.comments })
        : apiPost<ApprovalAnswer>(`/approvals/${encodeURIComponent(token)}/deny`, { denial_reason: d.denial_reason, comments: d.comments }),
    onSuccess: (answer) => qc.setQueryData(key(token), answer),
    onSettled: (_d, err) => (err ? qc.invalidateQueries({ queryKey: key(token) }) : undefined),
  });
}
