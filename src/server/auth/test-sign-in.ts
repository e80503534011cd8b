import type { Deps } from '../app-types';
import { forbidden } from '../http/errors';
import { createSession, type IssuedTokens } from '../sessions';
import { DEACTIVATED, findOrCreateUser } from './verify-pin';

/**
 * What a right code does (the account made on first sign-in, a new session), without the code: only for test runs
 * whose journey is not signing in (dev/test-session.ts, registered only with TEST_SESSION_KEY on a development shop).
 */
export async function signInWithoutCode(
  deps: Deps,
  email: string,
  meta: { ip: string; userAgent?: string },
): Promise<IssuedTokens> {
  return deps.db.transaction(async (tx) => {
    const user = await findOrCreateUser(tx, email, deps.config.adminEmails);
    if (!user.isActive) throw forbidden(DEACTIVATED);
    return createSession(tx, user.id, meta);
  });
}
