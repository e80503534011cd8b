import crypto from 'node:crypto';
import { z } from 'zod';
import { emailField } from '../../shared/fields';
import type { App } from '../app-types';
import { setSessionCookies, signInWithoutCode } from '../auth';
import { forbidden } from '../http/errors';

const KEY_HEADER = 'x-test-session-key';

const sameKey = (given: string | undefined, key: string) => {
  const a = crypto
    .createHash('sha256')
    .update(given ?? '')
    .digest();
  const b = crypto.createHash('sha256').update(key).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * Test runs only (config refuses TEST_SESSION_KEY in production): a session for an address without the mailed code,
 * for end-to-end journeys that are not about signing in. Sign-in itself keeps its real mail round trip.
 */
export async function registerTestSessions(app: App, key: string) {
  app.post(
    '/dev/test-session',
    { schema: { hide: true, body: z.object({ email: emailField }) } },
    async (req, reply) => {
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
