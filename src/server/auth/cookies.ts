import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedTokens } from './sessions';

// Under https the cookies take the __Host- prefix (Secure, Path=/, no Domain), per DESIGN §6.
export const cookieNames = (secure: boolean) => ({
  access: secure ? '__Host-session' : 'session',
  refresh: secure ? '__Host-refresh' : 'refresh',
});

const base = (secure: boolean) => ({ httpOnly: true, sameSite: 'lax' as const, secure, path: '/' });

export function setSessionCookies(reply: FastifyReply, secure: boolean, t: IssuedTokens) {
  const n = cookieNames(secure);
  reply.setCookie(n.access, t.access, { ...base(secure), expires: t.accessExpiresAt });
  reply.setCookie(n.refresh, t.refresh, { ...base(secure), expires: t.refreshExpiresAt });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  const n = cookieNames(secure);
  reply.clearCookie(n.access, base(secure));
  reply.clearCookie(n.refresh, base(secure));
}

export const readAccessCookie = (req: FastifyRequest, secure: boolean) => req.cookies[cookieNames(secure).access];
export const readRefreshCookie = (req: FastifyRequest, secure: boolean) => req.cookies[cookieNames(secure).refresh];
