import { z } from 'zod';
import type { App } from '../app-types';

/** Beyond three poll intervals a worker has missed its turns; the slack covers one slow SMTP hand-over. */
const OUTBOX_SLACK_MS = 5000;

const readySchema = z.object({
  success: z.boolean(),
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unreachable']),
  outbox: z.enum(['ok', 'stale']),
  /** Seconds since the outbox worker last finished a poll or handed over a mail. */
  outbox_idle_seconds: z.number(),
});

/**
 * For a load balancer: 200 when this instance can serve (the database answers a query and its outbox worker is
 * polling, unless it is one that never sends), else 503 naming what failed. Unlike /health it is not coalesced: each
 * probe runs its own query.
 */
export async function readyRoutes(app: App) {
  const staleAfterMs = 3 * app.deps.config.outboxPollMs + OUTBOX_SLACK_MS;
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and the outbox worker ran recently',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_req, reply) => {
      const dbOk = await app.deps.database.ping(2000);
      const idleMs = app.deps.outboxPulse.sinceMs();
      // An instance started with OUTBOX_SEND=false sends nothing, so its worker's silence is no reason to be unready.
      const outboxOk = !app.deps.config.outboxSend || idleMs <= staleAfterMs;
      const ready = dbOk && outboxOk;
      reply.header('cache-control', 'no-store');
      return reply.code(ready ? 200 : 503).send({
        success: ready,
        status: ready ? 'ready' : 'not_ready',
        database: dbOk ? 'ok' : 'unreachable',
        outbox: outboxOk ? 'ok' : 'stale',
        outbox_idle_seconds: Math.round(idleMs / 100) / 10,
      });
    },
  );
}
