import { apiGet, refreshSession } from '@web/lib/api';

/** GET /auth/check: true when the access token is still good. Its 401 is an answer, never retried. */
export async function checkSession(): Promise<boolean> {
  try {
    await apiGet('/auth/check');
    return true;
  } catch {
    return false;
  }
}

/** POST /auth/refresh through the client's single in-flight refresh. */
export const refreshNow = refreshSession;
