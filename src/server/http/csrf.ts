import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { API_BASE } from '../../shared/constants';
import type { AppConfig } from '../config';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a multipart file upload (from this site's pages only). */
    upload?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const BODYLESS_OK = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * Server-to-server endpoints, by exact method and path: their caller is no browser, sends no cookie and is
 * authenticated by a signature over the raw body (docs/security.md#payments), which a cross-site page cannot forge.
 * Stripe's webhook sends its JSON, the inbound-mail webhook a raw message, with their own headers, so neither the
 * Origin rule nor the JSON-only rule applies.
 */
export const CSRF_EXEMPT: ReadonlySet<string> = new Set([
  `POST ${API_BASE}/payments/stripe/webhook`,
  // A mail provider's inbound parse, signed with INBOUND_SECRET (docs/security.md#inbound-mail).
  `POST ${API_BASE}/contact/inbound`,
]);

/** A request carries a body when it says a length above zero or is chunked. */
const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * See docs/architecture.md#sessions-and-csrf: a state-changing API call sends its body as JSON (no HTML form or text/plain body can), and is refused
 * cross-site by its Origin or, where a client sends none, by Sec-Fetch-Site. PUT, PATCH and DELETE without a body
 * need no content type, so `curl -X DELETE` works. Attached only to the routes that change state.
 */
export function installCsrfCheck(app: FastifyInstance, config: AppConfig) {
  // Outside production the other loopback names of a loopback APP_URL are the same site (config.loopbackAliases):
  // a developer browsing http://127.0.0.1:3000 while APP_URL says localhost is not cross-site.
  const allowed = new Set([new URL(config.appUrl).origin, ...config.loopbackAliases]);
  const check = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const crossSite = origin ? !allowed.has(origin) : site === 'cross-site' || site === 'same-site';
    if (crossSite) return done(new AppError(403, 'BAD_ORIGIN', 'Cross-site request refused'));
    const type = request.headers['content-type'] ?? '';
    const bodyless = BODYLESS_OK.has(request.method) && !hasBody(request);
    // An upload route takes multipart/form-data, which an HTML form can send cross-site; such a request always
    // carries an Origin in a browser, so an upload must name this site's origin (checked above) to pass.
    const upload =
      request.routeOptions.config.upload === true &&
      type.toLowerCase().startsWith('multipart/form-data') &&
      origin !== undefined &&
      allowed.has(origin);
    if (!bodyless && !upload && !type.toLowerCase().startsWith('application/json')) {
      return done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Requests must be sent as application/json'));
    }
    done();
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || !methods.some((m) => UNSAFE.has(m))) return;
    if (methods.every((m) => CSRF_EXEMPT.has(`${m} ${route.url}`))) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [check, ...existing];
  });
}
