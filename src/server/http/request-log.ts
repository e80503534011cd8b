import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

// An approval or invoice token in a path is a credential: the request log keeps the path with the token cut out.
const TOKEN_PATH = /^(\/api\/v1\/approvals\/|\/approval\/|\/denial\/|\/api\/v1\/invoices\/|\/invoice\/)[^/?#]+/;
// What staff type to find a person (a name, an e-mail, a phone number) is personal data, not an operator's concern.
const PERSONAL_QUERY = /([?&](?:q|search|email|phone|name)=)[^&#]*/gi;
export const redactUrl = (url: string) =>
  url.replace(TOKEN_PATH, '$1[redacted]').replace(PERSONAL_QUERY, '$1[redacted]');

/**
 * Fastify 5 reads a bare hop count as "trust nobody" (it cannot check the nearest peer); a count then means the
 * nearest n hops, as Express reads it. Only safe when the server is reachable through the proxy alone.
 */
export const proxyTrust = (t: TrustProxy) => (typeof t === 'number' ? (_address: string, hop: number) => hop < t : t);

export function requestForLog(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip };
}

/** A client's X-Request-Id is kept only when it is a short token: anything else could forge or flood log lines. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}
