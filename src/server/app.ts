import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '../shared/constants';
import type { App, Deps } from './app-types';
import { readAccessCookie } from './auth/cookies';
import { createRecaptchaVerifier } from './auth/recaptcha';
import { loadHashKey } from './auth/secret';
import { userForAccessToken, type SessionUser } from './sessions/sessions';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { installAuditLog } from './audit';
import { installAccessControl } from './http/access';
import { registerApiDocs } from './http/api-docs';
import { installCsrfCheck } from './http/csrf';
import { installErrorHandling, routerError } from './http/error-handler';
import { BODY_LIMIT, installJsonParser } from './http/json-parser';
import { installNotFound } from './http/not-found';
import { proxyTrust, requestForLog, requestId } from './http/request-log';
import { installSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { catalogCache } from './catalog';
import { refreshMailIdentity } from './settings';
import { registerMediaRoutes } from './catalog/media-routes';
import { registerApiRoutes } from './routes';
import { wireFeatures } from './wiring';
import { registerDevMailbox } from './dev/mailbox';
import { createOutboxPulse } from './mail/pulse';
import { installMetrics } from './metrics/routes';
import { registerTestSessions } from './dev/test-session';

/**
 * onRoute: an observer that sees every route as it is registered (the security tests list them from the server itself).
 * logStream: where the log goes instead of stdout (tests read what the server logs).
 */
export type BuildOptions = {
  database?: Database;
  logger?: boolean;
  logStream?: { write(line: string): void };
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the whole server without listening; tests drive it with inject(). */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, serializers: { req: requestForLog }, stream: opts.logStream },
    bodyLimit: BODY_LIMIT,
    trustProxy: proxyTrust(config.trustProxy),
    requestIdHeader: false,
    genReqId: requestId,
    // While closing, a request on a connection accepted before shutdown is served (with Connection: close), not
    // answered 503: main.ts stops accepting first, so these are the last few and no proxy may resend a POST.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: false },
    // The router refuses a malformed or over-long path before any handler runs; keep the docs/architecture.md#the-api error shape there too.
    frameworkErrors: (err, _request, reply) => routerError(err, reply as unknown as FastifyReply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ??
    (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax }));
  const ownsDatabase = !opts.database;
  const deps: Deps = {
    config,
    database,
    db: database.db,
    hashKey: await loadHashKey(database.db, config.authSecret),
    recaptcha: createRecaptchaVerifier(config.recaptcha),
    now: () => new Date(),
    outboxPulse: createOutboxPulse(),
  };
  app.decorate('deps', deps);
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  // The mails print the shop's identity from settings; they are drawn synchronously, so they get it handed over.
  app.addHook('onReady', () => refreshMailIdentity(database.db));

  installErrorHandling(app);
  installJsonParser(app);
  installMetrics(app, deps);

  installSecurityHeaders(app, config, `${API_BASE}/`);
  await app.register(fastifyCookie);

  const userCache = new WeakMap<object, Promise<SessionUser | null>>();
  app.decorateRequest('currentUser', function currentUser(this: FastifyRequest) {
    let found = userCache.get(this);
    if (!found) userCache.set(this, (found = lookupUser(this, deps)));
    return found;
  });

  installCsrfCheck(app, config);
  installLoopbackRedirect(app, config);

  await registerApiDocs(app, config);

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  installAccessControl(app, API_BASE);
  installAuditLog(app, deps.db);
  // Lower features reach higher ones through ports and listeners the higher ones fill in, before any route runs.
  wireFeatures();
  await app.register(async (api) => registerApiRoutes(api as App), { prefix: API_BASE });
  if (config.devMailbox) await app.register(async (dev) => registerDevMailbox(dev as App));
  if (config.testSessionKey)
    await app.register(async (dev) => registerTestSessions(dev as App, config.testSessionKey!));

  registerMediaRoutes(app, deps.db);
  const spa = await registerSpa(app, config.webDist);
  // The store's first card images, so a phone fetches its largest paint beside the code instead of after it.
  const catalog = catalogCache(deps.db);
  installNotFound(app, spa, async (pathname) =>
    pathname.replace(/\/$/, '') === '/store' ? (await catalog.get()).firstImages : [],
  );

  return app as App;
}

async function lookupUser(request: FastifyRequest, deps: Deps) {
  const token = readAccessCookie(request, deps.config.secureCookies);
  if (!token) return null;
  return userForAccessToken(deps.db, token);
}

/**
 * Outside production, a page opened under another loopback name than APP_URL's (127.0.0.1 for localhost) is
 * redirected to APP_URL, so the browser keeps one origin and one set of cookies. API calls are not redirected;
 * the origin check accepts them (csrf.ts).
 */
function installLoopbackRedirect(app: FastifyInstance, config: AppConfig) {
  if (config.loopbackAliases.length === 0) return;
  const target = new URL(config.appUrl);
  const aliasHosts = new Set(config.loopbackAliases.map((o) => new URL(o).host));
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.url.startsWith(`${API_BASE}/`) || !aliasHosts.has(request.headers.host ?? '')) return;
    return reply.redirect(`${target.origin}${request.url}`, 308);
  });
}
