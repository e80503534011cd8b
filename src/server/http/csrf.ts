import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppConfig } from '../config';
import { AppError } from './errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const BODYLESS_OK = new Set(['PUT', 'PATCH', 'DELETE']);

/** A request carries a body when it says a length above zero or is chunked. */
const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * See docs/architecture.md#sessions-and-csrf: a state-changing API call sends its body as JSON (no HTML form or text/plain body can), and is refused
 * cross-site by its Origin or, where a client sends none, by Sec-Fetch-Site. PUT, PATCH and DELETE without a body
 * need no content type, so `curl -X DELETE` works. Attached only to the routes that change state.
 */
export function installCsrfCheck(app: FastifyInstance, config: AppConfig) {
  const allowedOrigin = new URL(config.appUrl).origin;
  const check = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const crossSite = origin ? origin !== allowedOrigin : site === 'cross-site' || site === 'same-site';
    if (crossSite) return done(new AppError(403, 'BAD_ORIGIN', 'Cross-site request refused'));
    const type = request.headers['content-type'] ?? '';
    const bodyless = BODYLESS_OK.has(request.method) && !hasBody(request);
    if (!bodyless && !type.toLowerCase().startsWith('application/json')) {
      return done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Requests must be sent as application/json'));
    }
    done();
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || !methods.some((m) => UNSAFE.has(m))) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [check, ...existing];
  });
}
