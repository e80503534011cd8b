import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AllowedEmail, SigninPolicy } from '@shared/admin';
import { apiDelete, apiGet, apiPost, apiPut } from '@web/lib/api';

const LIST = ['admin', 'allowed-emails'] as const;
const POLICY = ['admin', 'signin-policy'] as const;

export const useAllowedEmails = () =>
  useQuery({ queryKey: LIST, queryFn: () => apiGet<{ success: true; entries: AllowedEmail[] }>('/users/allowed-emails/').then((r) => r.entries) });

export const useSigninPolicy = () =>
  useQuery({ queryKey: POLICY, queryFn: () => apiGet<{ success: true; policy: SigninPolicy }>('/users/signin-policy/').then((r) => r.policy) });

export function useAddAllowedEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pattern: string) => apiPost<{ success: true; entry: AllowedEmail }>('/users/allowed-emails/', { pattern }),
    onSuccess: () => qc.invalidateQueries({ queryKey: LIST }),
  });
}

export function useRemoveAllowedEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ success: true }>(`/users/allowed-emails/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: LIST }),
  });
}

export function useSetSigninPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (policy: SigninPolicy) => apiPut<{ success: true; policy: SigninPolicy }>('/users/signin-policy/', { policy }).then((r) => r.policy),
    onSuccess: (policy) => qc.setQueryData(POLICY, policy),
  });
}
