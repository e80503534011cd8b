import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@web/lib/api';

const KEY = ['admin-mail'];

export const useMailTrouble = () =>
  useQuery({ queryKey: KEY, queryFn: () => apiGet('/admin/mail'), refetchInterval: 30_000 });

/** Resends one mail (an id) or every failed one (null); the lists and Today's counts are read again after. */
export function useResendMail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      id === null
        ? apiPost('/admin/mail/resend-failed')
        : apiPost('/admin/mail/{id}/resend', undefined, { path: { id } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: KEY });
      void qc.invalidateQueries({ queryKey: ['today'] });
    },
  });
}
