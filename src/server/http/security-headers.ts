import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

/** The headers helmet sets for these options, computed once: without CSP nonces they are the same on every answer. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Pages, assets and the API browser: helmet's defaults with the sources the web client and reCAPTCHA need. */
export function documentSecurityHeaders(secure: boolean): Record<string, string> {
  return helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        frameSrc: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    strictTransportSecurity: secure,
  });
}

/**
 * JSON answers need only what stops them from running, being framed or sniffed as another type (OWASP REST
 * Security Cheat Sheet); the script sources and opener policy of the document set mean nothing for JSON.
 */
export function apiSecurityHeaders(secure: boolean): Record<string, string> {
  return helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: secure,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

/**
 * One synchronous hook sets a precomputed set on every answer. Building helmet's middleware per request (what
 * @fastify/helmet does) cost the API about a tenth of its CPU under load, for headers that never change.
 */
export function installSecurityHeaders(app: FastifyInstance, config: AppConfig, apiPrefix: string) {
  const api = apiSecurityHeaders(config.secureCookies);
  const document = documentSecurityHeaders(config.secureCookies);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(apiPrefix) ? api : document);
    done();
  });
}
