import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import { allows } from './access';
import { forbidden, unauthorized } from './errors';

/** Staff only: the document maps every route and field, a head start for anyone probing the shop. */
async function staffOnly(request: FastifyRequest) {
  const user = await request.currentUser();
  if (!user) throw unauthorized();
  if (!allows('staff', user.role)) throw forbidden();
}

/**
 * The OpenAPI document of every route and its browser at /api/docs (security round 4, finding 11): anyone may read
 * it outside production or with API_DOCS_PUBLIC=true; otherwise only signed-in staff. Registered before the routes
 * so the document sees each of them.
 */
export async function registerApiDocs(app: FastifyInstance, config: AppConfig) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Copper State Uniforms API', version: '1.0.0' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  // Its own context: the guard covers every file the browser serves (the JSON, the YAML, the page and its assets).
  await app.register(async (docs) => {
    if (!config.apiDocsPublic) docs.addHook('onRequest', staffOnly);
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
