import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client';
import { errorBody } from '../http/error-handler';
import { MEDIA_PREFIX, readMedia } from './media';

// {image_base}[-front|-back]-{size}x{size}.webp under a content-addressed base: a path's bytes never change.
const NAME = /^[a-z0-9]{4,64}(-front|-back)?-(250|500|1000)x\2\.webp$/;

/** Serves product images from the media table (docs/architecture.md#catalogue-images-and-management). */
export function registerMediaRoutes(app: FastifyInstance, db: Executor) {
  app.get<{ Params: { name: string } }>(`${MEDIA_PREFIX}:name`, async (req, reply) => {
    const { name } = req.params;
    const bytes = NAME.test(name) ? await readMedia(db, `${MEDIA_PREFIX}${name}`) : null;
    if (!bytes)
      return reply.code(404).header('cache-control', 'no-cache').send(errorBody('NOT_FOUND', 'Image not found'));
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
