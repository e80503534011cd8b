import crypto from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE } from '../shared/constants';
import type { App, Deps } from './app-types';
import { readAccessCookie } from './auth/cookies';
import { createRecaptchaVerifier } from './auth/recaptcha';
import { loadHashKey } from './auth/secret';
import { userForAccessToken, type SessionUser } from './auth/sessions';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { installAccessControl } from './http/access';
import { AppError } from './http/errors';
import { installSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { registerApiRoutes } from './routes';
import { registerDevMailbox } from './dev/mailbox';

/** onRoute: an observer that sees every route as it is registered (the security tests list them from the server itself). */
export type BuildOptions = { database?: Database; logger?: boolean; onRoute?: (route: RouteOptions) => void };

const BODY_LIMIT = 256 * 1024;

/** Builds the whole server without listening; tests drive it with inject(). */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false },
    // The router refuses a malformed or over-long path before any handler runs; keep the DESIGN §5 error shape there too.
    frameworkErrors: (err, _request, reply) => routerError(err, reply as unknown as FastifyReply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const ownsDatabase = !opts.database;
  const deps: Deps = {
    config,
    database,
    db: database.db,
    hashKey: await loadHashKey(database.db, config.authSecret),
    recaptcha: createRecaptchaVerifier(config.recaptcha),
  };
  app.decorate('deps', deps);
  if (ownsDatabase) app.addHook('onClose', () => database.close());

  installErrorHandling(app);
  installJsonParser(app);

  installSecurityHeaders(app, config, `${API_BASE}/`);
  await app.register(fastifyCookie);

  const userCache = new WeakMap<object, Promise<SessionUser | null>>();
  app.decorateRequest('currentUser', function currentUser(this: FastifyRequest) {
    let found = userCache.get(this);
    if (!found) userCache.set(this, (found = lookupUser(this, deps)));
    return found;
  });

  installCsrfCheck(app, config);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Copper State Uniforms API', version: '1.0.0' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  installAccessControl(app, API_BASE);
  await app.register(async (api) => registerApiRoutes(api as App), { prefix: API_BASE });
  if (config.env !== 'production') await app.register(async (dev) => registerDevMailbox(dev as App));

  const spa = await registerSpa(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (spa.indexHtml && request.method === 'GET' && !url.startsWith('/api') && wantsHtml && !/\.[a-z0-9]+$/i.test(url)) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(spa.htmlFor(url));
    }
    return reply.code(404).send(errorBody('NOT_FOUND', `Route ${request.method} ${url} not found`));
  });

  return app as App;
}

async function lookupUser(request: FastifyRequest, deps: Deps) {
  const token = readAccessCookie(request, deps.config.secureCookies);
  if (!token) return null;
  return userForAccessToken(deps.db, token);
}

export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}) {
  return { success: false as const, detail: message, message, code, ...extra };
}

function routerError(err: FastifyError, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send(errorBody('URI_TOO_LONG', 'The address is too long'));
  if (err.code === 'FST_ERR_BAD_URL') return reply.code(400).send(errorBody('BAD_URL', 'The address is not valid'));
  return reply.code(500).send(errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
}

function installErrorHandling(app: App) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.extra.retry_after_seconds) reply.header('retry-after', String(err.extra.retry_after_seconds));
      return reply.code(err.status).send(errorBody(err.code, err.message, err.extra));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = errors[0]?.message ?? 'Invalid request';
      return reply.code(400).send(errorBody('VALIDATION_ERROR', first, { errors }));
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      const message = status === 413 ? 'Request body is too large' : err.message;
      return reply.code(status).send(errorBody(err.code ?? 'BAD_REQUEST', message));
    }
    const sqlState = inputSqlState(err);
    if (sqlState) {
      // The request's value got past its schema and the database refused it (an id beyond integer range, a NUL
      // byte in text): the client is at fault, so a 400, but logged so the schema that let it through gets fixed.
      request.log.warn({ err, sqlState }, 'database refused a request value');
      return reply.code(400).send(errorBody('INVALID_VALUE', 'A value in the request is out of range or not allowed'));
    }
    if (databaseUnavailable(err)) {
      // Nothing was changed and a retry will do once the database is back: 503, never a 401 or a sign-out.
      request.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply.code(503).send(errorBody('SERVICE_UNAVAILABLE', 'The shop is briefly unavailable. Please try again in a moment.'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
  });
}

// PostgreSQL data exceptions a request value can cause: numeric out of range, invalid text representation,
// invalid byte sequence (NUL), string too long, bad or overflowing datetime, untranslatable character.
const INPUT_SQLSTATES = new Set(['22003', '22P02', '22021', '22001', '22007', '22008', '22P05']);

/** The SQLSTATE of a database error caused by a request value; drivers and drizzle nest the original in `cause`. */
function inputSqlState(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth += 1, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && INPUT_SQLSTATES.has(e.code)) return e.code;
  }
  return undefined;
}

// Connection failures: refused or reset sockets, a server shutting down or starting (57P0x), connection
// exceptions (08xxx), and the driver's own words for a dropped connection or a pool that cannot connect.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03']);
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

function databaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth += 1, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** JSON parser that treats an empty body as {} (POST /auth/logout has none), drops prototype pollution keys and refuses NUL bytes. */
function installJsonParser(app: App) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      let nul = false;
      const parsed: unknown = JSON.parse(text, (key, value: unknown) => {
        if (typeof value === 'string' && value.includes('\u0000')) nul = true;
        return key === '__proto__' || key === 'constructor' || key === 'prototype' ? undefined : value;
      });
      // PostgreSQL text cannot hold a NUL byte; refuse it here so it never reaches a query.
      if (nul) return done(new AppError(400, 'INVALID_TEXT', 'Text must not contain NUL characters'), undefined);
      done(null, parsed);
    } catch {
      done(new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON'), undefined);
    }
  });
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * DESIGN §6: state-changing API calls need a JSON content type and, when sent, an Origin equal to APP_URL.
 * Attached only to the routes that change state, so reads pay nothing for it.
 */
function installCsrfCheck(app: App, config: AppConfig) {
  const allowedOrigin = new URL(config.appUrl).origin;
  const check = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const type = request.headers['content-type'] ?? '';
    if (!type.toLowerCase().startsWith('application/json')) {
      return done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Requests must be sent as application/json'));
    }
    const origin = request.headers.origin;
    if (origin && origin !== allowedOrigin) return done(new AppError(403, 'BAD_ORIGIN', 'Cross-site request refused'));
    done();
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || !methods.some((m) => UNSAFE.has(m))) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [check, ...existing];
  });
}
