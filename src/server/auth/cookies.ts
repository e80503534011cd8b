import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedTokens } from '../sessions';

// Under https the cookies take the __Host- prefix (Secure, Path=/, no Domain), per docs/architecture.md#sessions-and-csrf.
export const cookieNames = (secure: boolean) => ({
  access: secure ? '__Host-session' : 'session',
  refresh: secure ? '__Host-refresh' : 'refresh',
});

/**
 * A readable hint (no secret in it) that a session may exist, so the client skips GET /auth/me for guests
 * instead of provoking a 401 on every page. The server never trusts it.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

const base = (secure: boolean) => ({ httpOnly: true, sameSite: 'lax' as const, secure, path: '/' });

export function setSessionCookies(reply: FastifyReply, secure: boolean, t: IssuedTokens) {
  const n = cookieNames(secure);
  reply.setCookie(n.access, t.access, { ...base(secure), expires: t.accessExpiresAt });
  reply.setCookie(n.refresh, t.refresh, { ...base(secure), expires: t.refreshExpiresAt });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...base(secure), httpOnly: false, expires: t.refreshExpiresAt });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  const n = cookieNames(secure);
  reply.clearCookie(n.access, base(secure));
  reply.clearCookie(n.refresh, base(secure));
  reply.clearCookie(SESSION_HINT_COOKIE, { ...base(secure), httpOnly: false });
}

export const readAccessCookie = (req: FastifyRequest, secure: boolean) => req.cookies[cookieNames(secure).access];
export const readRefreshCookie = (req: FastifyRequest, secure: boolean) => req.cookies[cookieNames(secure).refresh];
