import type { FastifyInstance } from 'fastify';
import { isAppRoute } from '../../shared/routes';
import { errorBody } from './error-handler';
import { NOT_FOUND_PAGE } from './not-found-page';
import { redactUrl } from './request-log';
import type { Spa } from './spa';

/** The images a screen's path paints first (its largest paint), to be preloaded in its page. */
export type ImagesFor = (pathname: string) => Promise<string[]>;

/**
 * What no route answers: JSON 404 under /api and for other methods; for a page GET, the app on a screen's path
 * (whatever the client accepts: crawlers and uptime checks send *\/*), else the HTML 404 page.
 */
export function installNotFound(app: FastifyInstance, spa: Spa, imagesFor: ImagesFor = async () => []) {
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (!page || url === '/api' || url.startsWith('/api/')) {
      return reply.code(404).send(errorBody('NOT_FOUND', `Route ${request.method} ${redactUrl(url)} not found`));
    }
    if (isAppRoute(url) && spa.indexHtml) {
      // Hints only: a page without them is still the page.
      const images = await imagesFor(url).catch(() => []);
      return reply.type('text/html').header('cache-control', 'no-cache').send(spa.htmlFor(url, images));
    }
    return reply.code(404).type('text/html').header('cache-control', 'no-cache').send(NOT_FOUND_PAGE);
  });
}
