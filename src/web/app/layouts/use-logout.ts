import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SESSION_KEY } from '@web/features/auth';
import { apiPost } from '@web/lib/api';
import { emit } from '@web/lib/events';

/** Logout (docs/product.md#screens-and-routes): end the server session, forget the user and every cached cart or order, go to /. */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await apiPost('/auth/logout');
    } catch {
      // Signing out locally still matters when the server cannot be reached.
    } finally {
      await qc.cancelQueries();
      qc.clear();
      qc.setQueryData(SESSION_KEY, null);
      emit('signed-out');
      navigate('/', { replace: true });
    }
  };
}
