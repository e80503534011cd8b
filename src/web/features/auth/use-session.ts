import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isStaffRole } from '@shared/constants';
import type { User } from '@shared/user';
import { ApiRequestError, apiGet } from '@web/lib/api';

export const SESSION_KEY = ['session'] as const;

/** The server sets a readable 'signed_in' hint next to the HttpOnly session cookies: without it we are a guest. */
export const mayHaveSession = () => /(?:^|;\s*)signed_in=1(?:;|$)/.test(document.cookie);

/** The signed-in user, or null for a guest. A 401 is an answer (guest), not an error. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      if (!mayHaveSession()) return null;
      try {
        const res = await apiGet('/auth/me');
        return res.user;
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

export function useSetSession() {
  const qc = useQueryClient();
  return (user: User | null) => {
    qc.setQueryData(SESSION_KEY, user);
    // What other queries answer may depend on who is signed in (a department's catalogue): read them again.
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
  };
}

export const isStaff = (u: User | null | undefined) => isStaffRole(u?.role);
