import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

type RoutePreloads = Record<string, { modulepreload?: string[]; fetch?: string[] }>;
export type Spa = {
  hasClient: boolean;
  indexHtml: string | null;
  /** The page for a screen's path; `images` are preloaded with high priority (the screen's largest paint). */
  htmlFor(pathname: string, images?: string[]): string | null;
};

// Only same-origin paths the build wrote: anything else in the file is ignored rather than put into a page.
const SAFE_PATH = /^\/[A-Za-z0-9._~/-]*$/;

/**
 * index.html with the route's preload hints (scripts/vite/route-preloads.ts): the browser fetches the screen's
 * chunks and first data beside the entry chunk. `credentials` matches the API client's fetch, or the browser
 * would not reuse the preloaded answer. `images` (the store's first cards) are known only to the server's data:
 * found by the scripts, they came after the code, the session and the catalogue had all arrived.
 */
function withPreloads(
  indexHtml: string,
  hints: { modulepreload?: string[]; fetch?: string[]; images?: string[] },
): string {
  const links = [
    ...(hints.images ?? [])
      .filter((p) => SAFE_PATH.test(p))
      .map((p) => `<link rel="preload" href="${p}" as="image" fetchpriority="high">`),
    ...(hints.fetch ?? [])
      .filter((p) => SAFE_PATH.test(p))
      .map((p) => `<link rel="preload" href="${p}" as="fetch" crossorigin="use-credentials">`),
    ...(hints.modulepreload ?? [])
      .filter((p) => SAFE_PATH.test(p))
      .map((p) => `<link rel="modulepreload" crossorigin href="${p}">`),
  ];
  return links.length ? indexHtml.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : indexHtml;
}

function readPreloads(dist: string): RoutePreloads {
  const file = path.join(dist, 'route-preloads.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreloads;
}

/**
 * Serves the built web client. Hashed assets are immutable; index.html is revalidated; any other
 * GET that accepts HTML gets the app so a reload on /store or /admin/orders works.
 */
export async function registerSpa(app: FastifyInstance, dist: string): Promise<Spa> {
  const indexPath = path.join(dist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ dist }, 'web client not built: run `npm run build`');
    return { hasClient: false, indexHtml: null, htmlFor: () => null };
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text asset (scripts/vite/precompress.ts): served as the client accepts.
    preCompressed: true,
    // Each file's Cache-Control is set below, by kind; send's own default (max-age=0) would overwrite it.
    cacheControl: false,
    setHeaders(res, filePath) {
      // The answer depends on Accept-Encoding (the .br, the .gz or the file itself): caches must key on it.
      res.setHeader('vary', 'accept-encoding');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else if (filePath.endsWith('.html')) {
        res.setHeader('cache-control', 'no-cache');
      } else {
        res.setHeader('cache-control', 'public, max-age=86400');
      }
    },
  });
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const routes = readPreloads(dist);
  const pages = new Map(Object.entries(routes).map(([route, hints]) => [route, withPreloads(indexHtml, hints)]));
  return {
    hasClient: true,
    indexHtml,
    htmlFor: (pathname, images = []) => {
      const route = pathname.replace(/(.)\/$/, '$1');
      if (!images.length) return pages.get(route) ?? indexHtml;
      return withPreloads(indexHtml, { ...routes[route], images });
    },
  };
}
