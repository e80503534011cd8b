import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '@web/lib/api';

export const useDepartmentReport = (id: number) =>
  useQuery({
    queryKey: ['department-report', id],
    queryFn: () => apiGet('/departments/{id}/report', { path: { id } }).then((r) => r.report),
  });

/** "Send statement now": this month so far to the approvers; `again` after the server said it was sent already. */
export const useSendStatement = (id: number) =>
  useMutation({
    mutationFn: (again: boolean) =>
      apiPost('/departments/{id}/statement', again ? { again } : {}, { path: { id } }).then((r) => r.statement),
  });
