import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_MAX_FAILURES_PER_HOUR, PIN_MAX_WRONG_TRIES } from '../../shared/constants';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages';
import type { Deps } from '../app-types';
import type { Executor } from '../db/client';
import { loginCodes, users } from '../db/schema';
import { AppError, badRequest, forbidden } from '../http/errors';
import { hitLimit, peekLimit } from '../http/rate-limit';
import { dbNow, enforceIpLimit, tooManyWithWait } from './limits';
import { isSignInAllowed } from './policy';
import { createSession, type IssuedTokens } from '../sessions';
import { keyedHash, safeEqualHex } from '../sessions';

export const INVALID_CODE = 'Invalid verification code';
export const LOCKED_CODE = 'Too many incorrect attempts. Please request a new code.';
export const DEACTIVATED = 'This account has been deactivated. Please contact us for help.';
const ACCOUNT_WINDOW_S = 3600;

type UserRow = typeof users.$inferSelect;
/** `counts`: the failure was a wrong guess at a live code, the only kind that counts toward the account's limit. */
type Check = { ok: true } | { ok: false; counts: boolean; error: AppError };

// No code, a used, expired or dead code: one answer, so nobody learns whether an address was ever seen.
const noLiveCode = (): Check => ({
  ok: false,
  counts: false,
  error: badRequest(INVALID_CODE, undefined, 'INVALID_CODE'),
});

/**
 * Checks the code under a row lock; a wrong code is counted and kills the code at the 5th miss. A right code for
 * an address the sign-in list no longer admits is answered like a wrong one and left unused.
 */
async function checkCode(tx: Executor, hashKey: string, email: string, pin: string, allowed: boolean): Promise<Check> {
  const [row] = await tx.select().from(loginCodes).where(eq(loginCodes.email, email)).for('update');
  if (!row || row.consumedAt || row.wrongTries >= PIN_MAX_WRONG_TRIES) return noLiveCode();
  if (row.expiresAt.getTime() <= (await dbNow(tx))) return noLiveCode();
  if (!safeEqualHex(keyedHash(hashKey, pin), row.codeHash)) {
    const tries = row.wrongTries + 1;
    await tx.update(loginCodes).set({ wrongTries: tries }).where(eq(loginCodes.email, email));
    const error =
      tries >= PIN_MAX_WRONG_TRIES
        ? badRequest(LOCKED_CODE, undefined, 'CODE_LOCKED')
        : badRequest(INVALID_CODE, undefined, 'INVALID_CODE');
    return { ok: false, counts: true, error };
  }
  if (!allowed) return noLiveCode();
  await tx
    .update(loginCodes)
    .set({ consumedAt: sql`now()` })
    .where(eq(loginCodes.email, email));
  return { ok: true };
}

/** First sign-in creates the account: role other, or admin for a bootstrap address; the profile is still to complete. */
export async function findOrCreateUser(
  tx: Executor,
  email: string,
  adminEmails: string[],
  language: Language = DEFAULT_LANGUAGE,
): Promise<UserRow> {
  // A new account starts in the language the person signed in with; an existing one keeps its own setting.
  await tx
    .insert(users)
    .values({ email, role: adminEmails.includes(email) ? 'admin' : 'other', needsProfileCompletion: true, language })
    .onConflictDoNothing();
  const [user] = await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.email, email)).returning();
  return user!;
}

export async function verifyPin(
  deps: Deps,
  input: { email: string; pin: string; language?: Language },
  meta: { ip: string; userAgent?: string },
): Promise<{ user: UserRow; tokens: IssuedTokens }> {
  const { db } = deps;
  await enforceIpLimit(db, 'verifyPin', meta.ip, deps.config.signInIpLimit);
  const accountKey = `verifyPin:account:${input.email}`;
  if ((await peekLimit(db, accountKey, ACCOUNT_WINDOW_S)) >= ACCOUNT_MAX_FAILURES_PER_HOUR) {
    const hit = await hitLimit(db, accountKey, ACCOUNT_MAX_FAILURES_PER_HOUR, ACCOUNT_WINDOW_S);
    throw tooManyWithWait(hit.retryAfterSeconds);
  }
  // Refused addresses were never sent a code; this catches one taken off the list after its code was sent.
  const allowed = await isSignInAllowed(db, deps.config, input.email);
  // The code check commits on its own so a wrong try is counted even though the request then fails.
  const check = await db.transaction((tx) => checkCode(tx, deps.hashKey, input.email, input.pin, allowed));
  if (!check.ok) {
    if (check.counts) await hitLimit(db, accountKey, ACCOUNT_MAX_FAILURES_PER_HOUR, ACCOUNT_WINDOW_S);
    throw check.error;
  }
  return db.transaction(async (tx) => {
    const user = await findOrCreateUser(tx, input.email, deps.config.adminEmails, input.language);
    if (!user.isActive) throw forbidden(DEACTIVATED);
    const tokens = await createSession(tx, user.id, meta);
    // What a guest wrote under this address stays a guest's conversation: signing in proves the mailbox now, not that
    // the guest who wrote then owned it (security round 3, finding 1).
    return { user, tokens };
  });
}
