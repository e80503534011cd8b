import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SigninPolicy } from '@shared/admin';
import { apiDelete, apiGet, apiPost, apiPut } from '@web/lib/api';

const LIST = ['admin', 'allowed-emails'] as const;
const POLICY = ['admin', 'signin-policy'] as const;

export const useAllowedEmails = () =>
  useQuery({
    queryKey: LIST,
    queryFn: () => apiGet('/users/allowed-emails/').then((r) => r.entries),
  });

export const useSigninPolicy = () =>
  useQuery({
    queryKey: POLICY,
    queryFn: () => apiGet('/users/signin-policy/').then((r) => r.policy),
  });

export function useAddAllowedEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pattern: string) => apiPost('/users/allowed-emails/', { pattern }),
    onSuccess: () => qc.invalidateQueries({ queryKey: LIST }),
  });
}

export function useRemoveAllowedEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete('/users/allowed-emails/{id}', { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: LIST }),
  });
}

export function useSetSigninPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (policy: SigninPolicy) => apiPut('/users/signin-policy/', { policy }).then((r) => r.policy),
    onSuccess: (policy) => qc.setQueryData(POLICY, policy),
  });
}
