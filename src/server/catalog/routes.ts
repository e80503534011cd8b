import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { productSchema, productsAnswer, productsQuerySchema } from '../../shared/cart-catalog';
import type { App } from '../app-types';
import { notFound } from '../http/errors';
import { cachedAnswer, catalogCache, type CachedAnswer, type Catalog } from './service';

const oneAnswer = z.object({ success: z.literal(true), product: productSchema });
const slugParams = z.object({ slug: z.string().max(120) });
const EMPTY = cachedAnswer({ success: true, products: [] });

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

/** Sends a pre-serialised answer (strings and buffers skip the serializer), gzipped when accepted, with revalidation headers. */
function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedAnswer, own = false) {
  reply
    .header('etag', cached.etag)
    .header('cache-control', `${own ? 'private' : 'public'}, max-age=60, stale-while-revalidate=300`)
    // The signed-in member of a limited department gets another answer: the session cookie is part of the key.
    .header('vary', 'accept-encoding, cookie');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  return acceptsGzip(request) ? reply.header('content-encoding', 'gzip').send(cached.gzip) : reply.send(cached.body);
}

/**
 * The whole catalogue's answers, or a limited department's for its signed-in member. A guest (no session cookie)
 * takes the fast path without a session lookup.
 */
async function answersFor(req: FastifyRequest, catalog: Catalog) {
  if (!req.headers.cookie) return { answers: catalog, own: false };
  const user = await req.currentUser();
  const answers = user ? catalog.forMember(user.email) : catalog;
  return { answers, own: answers.list !== catalog.list };
}

export async function catalogRoutes(app: App) {
  const cache = catalogCache(app.deps.db);
  for (const url of ['/products/', '/products']) {
    app.get(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags: ['catalog'],
          summary: 'Active products, optionally of one category',
          hide: url === '/products',
          querystring: productsQuerySchema,
          response: { 200: productsAnswer },
        },
      },
      async (req, reply) => {
        const { answers, own } = await answersFor(req, await cache.get());
        // An unknown category is simply empty: the shop's categories are data, not an enum.
        const found = answers.list.get(req.query.category ?? '') ?? EMPTY;
        return sendCached(req, reply, found, own);
      },
    );
  }
  app.get(
    '/products/:slug',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], summary: 'One active product', params: slugParams, response: { 200: oneAnswer } },
    },
    async (req, reply) => {
      const { answers, own } = await answersFor(req, await cache.get());
      const found = answers.bySlug.get(req.params.slug);
      if (!found) throw notFound('Product not found');
      return sendCached(req, reply, found, own);
    },
  );
}
