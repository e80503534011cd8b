import { API_BASE } from '@shared/constants';
import type { ApiError } from '@shared/api-error';
import type { paths } from './api-schema';

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
};

async function api<T>(path: string, opts: Options = {}, retried = false): Promise<T> {
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
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/*
 * The calls are typed from the one contract: api-schema.d.ts, generated from the OpenAPI document the server builds
 * from its routes' Zod schemas (scripts/api-types.ts; a stale file fails `npm run check:api-types`). A call names its
 * route as the server does ('/orders/{id}'), and its path parameters, query, body and answer take that route's types:
 * a renamed route, parameter or field is a type error here. Types only: nothing of the contract reaches the bundle.
 */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<R extends keyof paths, M extends Method> = Exclude<paths[R][M], undefined>;
/** The routes that answer method M. */
export type Route<M extends Method> = {
  [R in keyof paths]: paths[R][M] extends undefined | never ? never : R;
}[keyof paths];
type Parameters_<R extends keyof paths, M extends Method> = Operation<R, M> extends { parameters: infer P } ? P : never;
type PathParameters<R extends keyof paths, M extends Method> = Parameters_<R, M> extends { path: infer P } ? P : never;
type Query<R extends keyof paths, M extends Method> = Parameters_<R, M> extends { query?: infer Q } ? Q : never;
/** The route's request body, undefined where it takes none (the client then sends `{}`). */
export type ApiBody<R extends keyof paths, M extends Method> =
  Operation<R, M> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Operation<R, M> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : undefined;
/** What the route answers on success. */
export type ApiAnswer<R extends keyof paths, M extends Method> =
  Operation<R, M> extends { responses: infer S }
    ? { [C in keyof S & (200 | 201)]: S[C] extends { content: { 'application/json': infer A } } ? A : never }[keyof S &
        (200 | 201)]
    : never;

/**
 * A query is the route's parameters as an object, or URLSearchParams a screen built from its filters (the filters
 * then own the names; the route and answer are still typed).
 */
type Call<R extends keyof paths, M extends Method> = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  query?: ([Query<R, M>] extends [never | undefined] ? never : Query<R, M>) | URLSearchParams;
} & ([PathParameters<R, M>] extends [never] ? { path?: never } : { path: PathParameters<R, M> });
/** The call's options: required where the route has path parameters. */
type CallArgs<R extends keyof paths, M extends Method> = [PathParameters<R, M>] extends [never]
  ? [call?: Call<R, M>]
  : [call: Call<R, M>];
/** The body: required where the route requires one. */
type BodyArgs<R extends keyof paths, M extends Method> =
  undefined extends ApiBody<R, M>
    ? [body?: ApiBody<R, M>, ...CallArgs<R, M>]
    : [body: ApiBody<R, M>, ...CallArgs<R, M>];

/** '/orders/{id}' with { id: 7 } is '/orders/7'; the query, if any, follows (undefined values left out). */
export function apiUrl(route: string, call: { path?: unknown; query?: unknown } | undefined): string {
  const params = (call?.path ?? {}) as Record<string, string | number>;
  const path = route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query =
    call?.query instanceof URLSearchParams
      ? call.query
      : new URLSearchParams(
          Object.entries((call?.query ?? {}) as Record<string, unknown>)
            .filter(([, value]) => value !== undefined)
            .map(([key, value]) => [key, String(value)]),
        );
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export const apiGet = <R extends Route<'get'>>(route: R, ...[call]: CallArgs<R, 'get'>) =>
  api<ApiAnswer<R, 'get'>>(apiUrl(route, call), { signal: call?.signal, headers: call?.headers });
export const apiDelete = <R extends Route<'delete'>>(route: R, ...[call]: CallArgs<R, 'delete'>) =>
  api<ApiAnswer<R, 'delete'>>(apiUrl(route, call), { method: 'DELETE', signal: call?.signal, headers: call?.headers });
const withBody =
  <M extends 'post' | 'put' | 'patch'>(method: M) =>
  <R extends Route<M>>(route: R, ...[body, call]: BodyArgs<R, M>) =>
    api<ApiAnswer<R, M>>(apiUrl(route, call), {
      method: method.toUpperCase(),
      body,
      signal: call?.signal,
      headers: call?.headers,
    });
export const apiPost = withBody('post');
export const apiPut = withBody('put');
export const apiPatch = withBody('patch');
