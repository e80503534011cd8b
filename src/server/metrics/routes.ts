import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../app-types';
import { notFound, unauthorized } from '../http/errors';
import { createMetrics } from './collectors';

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/**
 * GET /metrics in Prometheus' text format, outside /api/v1 (no session, no CSRF): 404 unless METRICS_TOKEN is set, then
 * `Authorization: Bearer <token>` or 401. Every request is timed by its route pattern (never the raw URL, which
 * would make a series per order number or probe); requests no route matched count as "unmatched".
 */
export function installMetrics(app: FastifyInstance, deps: Deps) {
  const token = deps.config.metricsToken;
  if (!token) {
    // Off: a plain 404, not the web app's page for an unknown address.
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw notFound();
    });
    return;
  }
  const metrics = createMetrics(deps.database, deps.outboxPulse, { backupDir: deps.config.backup?.dir });
  const expected = digest(`Bearer ${token}`);

  app.addHook('onResponse', async (request, reply) => {
    metrics.requests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Digests of equal length, so the comparison takes the same time whatever the header holds.
    if (!crypto.timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    reply.header('cache-control', 'no-store');
    return reply.type(metrics.contentType).send(await metrics.scrape());
  });
}
