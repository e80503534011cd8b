import { API_BASE } from '@shared/constants';
import type { ApiError } from '@shared/api-error';
import type { Answer, AnswerName } from './answers';

// The one client for /api/v1: cookies on every call, the api-activity event, and one refresh-and-retry on 401.
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiError> | null,
  ) {
    super(body?.detail ?? body?.message ?? `Request failed (${status})`);
  }
  /** The server's human message, else the given fallback (docs/product.md#errors-the-user-sees). */
  messageOr(fallback: string) {
    return this.body?.detail || this.body?.message || fallback;
  }
}

/** What a failed call shows: the server's human message, else the screen's fallback (docs/product.md#errors-the-user-sees). */
export const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiRequestError ? err.messageOr(fallback) : fallback;

export const API_ACTIVITY_EVENT = 'api-activity';
export const AUTH_LOST_EVENT = 'auth-lost';

/**
 * Calls whose 401 is an answer, not an expired token (docs/product.md#sign-in: refresh, login, request-pin, verify-pin).
 * /auth/check belongs here too: the session keeper handles its 401 silently. /auth/me does not: after a
 * reload with an expired access token it must refresh, or a signed-in user would look signed out.
 */
const NO_REFRESH = [
  '/auth/refresh',
  '/auth/verify-pin',
  '/auth/request-pin',
  '/auth/login',
  '/auth/check',
  '/auth/logout',
];

let refreshing: Promise<boolean> | null = null;
/** One refresh at a time per tab: two concurrent rotations of one token would look like token theft. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch(`${API_BASE}/auth/refresh`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
    .then((r) => r.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

type Options = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  answer?: AnswerName;
};

export async function api<T>(path: string, opts: Options = {}, retried = false): Promise<T> {
  const method = opts.method ?? 'GET';
  window.dispatchEvent(new Event(API_ACTIVITY_EVENT));
  const res = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'include',
    headers: { ...(method !== 'GET' ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    body: method !== 'GET' ? JSON.stringify(opts.body ?? {}) : undefined,
    signal: opts.signal,
  });
  if (res.status === 401 && !retried && !NO_REFRESH.some((p) => path.startsWith(p))) {
    if (await refreshSession()) return api<T>(path, opts, true);
    window.dispatchEvent(new Event(AUTH_LOST_EVENT));
  }
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) throw new ApiRequestError(res.status, data as Partial<ApiError> | null);
  // Development only: the answer is checked against its schema in src/shared. Vite replaces import.meta.env.DEV
  // with false in a production build, which drops this block, the import() and the schemas behind it.
  if (import.meta.env.DEV && opts.answer) {
    const call = `${method} ${path}`;
    void import('./answers').then((m) => m.checkAnswer(opts.answer!, call, data));
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A call names its answer's schema in src/shared (`answer: 'cart'`) where one exists: the result then has that
 * schema's type, and development checks the answer against it. Without a name, the type parameter says what comes back.
 */
type Call<N> = { answer?: N; signal?: AbortSignal; headers?: Record<string, string> };
type Answered<T, N> = N extends AnswerName ? Answer<N> : T;

export const apiGet = <T = unknown, N extends AnswerName | undefined = undefined>(path: string, call?: Call<N>) =>
  api<Answered<T, N>>(path, { ...call });
export const apiPost = <T = unknown, N extends AnswerName | undefined = undefined>(
  path: string,
  body?: unknown,
  call?: Call<N>,
) => api<Answered<T, N>>(path, { ...call, method: 'POST', body });
export const apiPut = <T = unknown, N extends AnswerName | undefined = undefined>(
  path: string,
  body?: unknown,
  call?: Call<N>,
) => api<Answered<T, N>>(path, { ...call, method: 'PUT', body });
export const apiPatch = <T = unknown, N extends AnswerName | undefined = undefined>(
  path: string,
  body?: unknown,
  call?: Call<N>,
) => api<Answered<T, N>>(path, { ...call, method: 'PATCH', body });
export const apiDelete = <T = unknown, N extends AnswerName | undefined = undefined>(path: string, call?: Call<N>) =>
  api<Answered<T, N>>(path, { ...call, method: 'DELETE' });
