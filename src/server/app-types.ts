import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionUser } from './sessions/sessions';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { RecaptchaVerifier } from './auth/recaptcha';
import type { OutboxPulse } from './mail/pulse';

export type Deps = {
  config: AppConfig;
  database: Database;
  db: Db;
  /** Key for the keyed hashes of login codes. */
  hashKey: string;
  recaptcha: RecaptchaVerifier;
  /** The clock that decides allowance periods; a test may replace it to move time. */
  now: () => Date;
  /** The outbox worker's heartbeat (main.ts hands it to the worker); readiness reads it. */
  outboxPulse: OutboxPulse;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    /** The signed-in user, looked up once per request; null for guests. Public routes that greet both use this. */
    currentUser(): Promise<SessionUser | null>;
    /**
     * The caller of a route that is not public: set by the access guard (http/access.ts) before the body is parsed.
     * Reading it on a public route, where nobody was required to sign in, is a 401.
     */
    readonly user: SessionUser;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
