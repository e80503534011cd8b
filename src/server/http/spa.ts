import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web client. Hashed assets are immutable; index.html is revalidated; any other
 * GET that accepts HTML gets the app so a reload on /store or /admin/orders works.
 */
export async function registerSpa(app: FastifyInstance, dist: string) {
  const indexPath = path.join(dist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ dist }, 'web client not built: run `npm run build`');
    return { hasClient: false, indexHtml: null as string | null };
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else if (filePath.endsWith('.html')) {
        res.header('cache-control', 'no-cache');
      } else {
        res.header('cache-control', 'public, max-age=86400');
      }
    },
  });
  return { hasClient: true, indexHtml: fs.readFileSync(indexPath, 'utf8') };
}
