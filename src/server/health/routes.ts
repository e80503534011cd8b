import { z } from 'zod';
import type { App } from '../app-types';

const healthSchema = z.object({ success: z.boolean(), status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unreachable']) });

export async function healthRoutes(app: App) {
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
      schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_req, reply) => {
      const ok = await dbOk();
      reply.header('cache-control', 'no-store');
      if (!ok) return reply.code(503).send({ success: false, status: 'degraded', database: 'unreachable' });
      return { success: true, status: 'ok' as const, database: 'ok' as const };
    },
  );
}
