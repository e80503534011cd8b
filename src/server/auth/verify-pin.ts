import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_MAX_FAILURES_PER_HOUR, PIN_MAX_WRONG_TRIES } from '../../shared/constants';
import type { Deps } from '../app-types';
import type { Executor } from '../db/client';
import { loginCodes, users } from '../db/schema';
import { AppError, badRequest, forbidden } from '../http/errors';
import { hitLimit, peekLimit } from '../http/rate-limit';
import { dbNow, enforceIpLimit, tooManyWithWait } from './limits';
import { assertSignInAllowed } from './policy';
import { createSession, type IssuedTokens } from './sessions';
import { keyedHash, safeEqualHex } from './tokens';

export const INVALID_CODE = 'Invalid verification code';
export const NO_CODE = 'No active verification code for this email. Please request a new code.';
export const USED_CODE = 'This code has already been used. Please request a new code.';
export const EXPIRED_CODE = 'This code has expired. Please request a new code.';
export const LOCKED_CODE = 'Too many incorrect attempts. Please request a new code.';
export const DEACTIVATED = 'This account has been deactivated. Please contact us for help.';
const ACCOUNT_WINDOW_S = 3600;

type UserRow = typeof users.$inferSelect;
type Check = { ok: true } | { ok: false; error: AppError };

/** Checks the code under a row lock; a wrong code is counted and kills the code at the 5th miss. */
async function checkCode(tx: Executor, hashKey: string, email: string, pin: string): Promise<Check> {
  const [row] = await tx.select().from(loginCodes).where(eq(loginCodes.email, email)).for('update');
  if (!row) return { ok: false, error: badRequest(NO_CODE, undefined, 'CODE_MISSING') };
  if (row.consumedAt) return { ok: false, error: badRequest(USED_CODE, undefined, 'CODE_USED') };
  if (row.wrongTries >= PIN_MAX_WRONG_TRIES) return { ok: false, error: badRequest(LOCKED_CODE, undefined, 'CODE_LOCKED') };
  if (row.expiresAt.getTime() <= (await dbNow(tx))) return { ok: false, error: badRequest(EXPIRED_CODE, undefined, 'CODE_EXPIRED') };
  if (!safeEqualHex(keyedHash(hashKey, pin), row.codeHash)) {
    const tries = row.wrongTries + 1;
    await tx.update(loginCodes).set({ wrongTries: tries }).where(eq(loginCodes.email, email));
    const error = tries >= PIN_MAX_WRONG_TRIES ? badRequest(LOCKED_CODE, undefined, 'CODE_LOCKED') : badRequest(INVALID_CODE, undefined, 'INVALID_CODE');
    return { ok: false, error };
  }
  await tx.update(loginCodes).set({ consumedAt: sql`now()` }).where(eq(loginCodes.email, email));
  return { ok: true };
}

/** First sign-in creates the account: role other, or admin for a bootstrap address; the profile is still to complete. */
async function findOrCreateUser(tx: Executor, email: string, adminEmails: string[]): Promise<UserRow> {
  await tx
    .insert(users)
    .values({ email, role: adminEmails.includes(email) ? 'admin' : 'other', needsProfileCompletion: true })
    .onConflictDoNothing();
  const [user] = await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.email, email)).returning();
  return user!;
}

export async function verifyPin(
  deps: Deps,
  input: { email: string; pin: string },
  meta: { ip: string; userAgent?: string },
): Promise<{ user: UserRow; tokens: IssuedTokens }> {
  const { db } = deps;
  await enforceIpLimit(db, 'verifyPin', meta.ip);
  const accountKey = `verifyPin:account:${input.email}`;
  if ((await peekLimit(db, accountKey, ACCOUNT_WINDOW_S)) >= ACCOUNT_MAX_FAILURES_PER_HOUR) {
    const hit = await hitLimit(db, accountKey, ACCOUNT_MAX_FAILURES_PER_HOUR, ACCOUNT_WINDOW_S);
    throw tooManyWithWait(hit.retryAfterSeconds);
  }
  await assertSignInAllowed(db, deps.config, input.email);
  // The code check commits on its own so a wrong try is counted even though the request then fails.
  const check = await db.transaction((tx) => checkCode(tx, deps.hashKey, input.email, input.pin));
  if (!check.ok) {
    await hitLimit(db, accountKey, ACCOUNT_MAX_FAILURES_PER_HOUR, ACCOUNT_WINDOW_S);
    throw check.error;
  }
  return db.transaction(async (tx) => {
    const user = await findOrCreateUser(tx, input.email, deps.config.adminEmails);
    if (!user.isActive) throw forbidden(DEACTIVATED);
    const tokens = await createSession(tx, user.id, meta);
    return { user, tokens };
  });
}
