import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailField } from '../../shared/fields';
import type { App } from '../app-types';
import { setSessionCookies, signInWithoutCode } from '../auth';
import { forbidden, notFound } from '../http/errors';

const KEY_HEADER = 'x-test-session-key';

const sameKey = (given: string | undefined, key: string) => {
  const a = crypto
    .createHash('sha256')
    .update(given ?? '')
    .digest();
  const b = crypto.createHash('sha256').update(key).digest();
  return crypto.timingSafeEqual(a, b);
};

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * The test run's own browser on this machine (security round 4, finding 5): the connection itself comes from the
 * loopback (never X-Forwarded-For, which a client writes), and no proxy forwarded it from elsewhere.
 */
const fromThisMachine = (req: FastifyRequest) =>
  LOOPBACK.includes(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'] && !req.headers.forwarded;

/**
 * Test runs only (config takes TEST_SESSION_KEY only on a development shop, config.ts plainlyDevelopment): a session
 * for an address without the mailed code, for end-to-end journeys that are not about signing in, answered to clients
 * on this machine alone (any other finds no such route). Sign-in itself keeps its real mail round trip.
 */
export async function registerTestSessions(app: App, key: string) {
  app.post(
    '/dev/test-session',
    { schema: { hide: true, body: z.object({ email: emailField }) } },
    async (req, reply) => {
      if (!fromThisMachine(req)) throw notFound(`Route POST /dev/test-session not found`);
      if (!sameKey(req.headers[KEY_HEADER] as string | undefined, key)) throw forbidden();
      const tokens = await signInWithoutCode(app.deps, req.body.email, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      setSessionCookies(reply, app.deps.config.secureCookies, tokens);
      return { success: true as const };
    },
  );
}
