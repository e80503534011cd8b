import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiGet } from '@web/lib/api';

export type SessionUser = {
  id: number;
  email: string;
  role: 'admin' | 'employee' | 'other';
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string;
  zip_code: string | null;
  needs_profile_completion: boolean;
  profile_completed: boolean;
};

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
        const res = await apiGet<{ success: true; user: SessionUser }>('/auth/me');
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
  return (user: SessionUser | null) => qc.setQueryData(SESSION_KEY, user);
}

export const isStaff = (u: SessionUser | null | undefined) => u?.role === 'admin' || u?.role === 'employee';
