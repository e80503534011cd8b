import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';

/** Under this key, so a payment recorded in the order view refreshes the statements too (admin-orders-api). */
export const STATEMENTS_KEY = ['statements'] as const;

export const useStatementDepartments = () =>
  useQuery({
    queryKey: [...STATEMENTS_KEY, 'departments'],
    queryFn: () => apiGet('/payments/admin/statements').then((r) => r.departments),
  });

export const useStatement = (departmentId: number | null) =>
  useQuery({
    queryKey: [...STATEMENTS_KEY, 'one', departmentId],
    queryFn: () => apiGet('/payments/admin/statements/{id}', { path: { id: departmentId! } }).then((r) => r.statement),
    enabled: departmentId !== null,
  });
