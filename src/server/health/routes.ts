import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../app-types';
import { buildInfo } from './build-info';
import { readyRoutes } from './ready';

const healthSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  /** The running release (package version and commit): what a deploy or a rollback left serving. */
  version: z.string(),
});

// Two constant answers, serialised once: probes poll this often, and the schema documents them.
const version = `${buildInfo().version}+${buildInfo().commit}`;
const OK = JSON.stringify(healthSchema.parse({ success: true, status: 'ok', database: 'ok', version }));
const DEGRADED = JSON.stringify(
  healthSchema.parse({ success: false, status: 'degraded', database: 'unreachable', version }),
);

/** A string body with a JSON type is sent as it is, past the response serializer. */
const sendJsonText = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('application/json; charset=utf-8').send(body);

export async function healthRoutes(app: App) {
  await readyRoutes(app);
  // Coalesce probes: under load one ping answers every request within 500 ms, so health costs almost nothing.
  let last: { at: number; ok: boolean } | null = null;
  let inflight: Promise<boolean> | null = null;
  const dbOk = async () => {
    if (last && Date.now() - last.at < 500) return last.ok;
    inflight ??= app.deps.database.ping(2000).then((ok) => {
      last = { at: Date.now(), ok };
      inflight = null;
      return ok;
    });
    return inflight;
  };

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_req, reply) => {
      const ok = await dbOk();
      reply.header('cache-control', 'no-store');
      return ok ? sendJsonText(reply, 200, OK) : sendJsonText(reply, 503, DEGRADED);
    },
  );
}
