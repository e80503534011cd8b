import { eq } from 'drizzle-orm';
import { MAX_RESENDS, PIN_TTL_MINUTES, RESEND_COOLDOWNS_S } from '../../shared/constants';
import type { Deps } from '../app-types';
import type { Language } from '../../shared/languages';
import { loginCodes, users } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { dbNow, enforceIpLimit, tooManyWithWait } from './limits';
import { pinEmail, signInRestrictedEmail } from './pin-email';
import { isSignInAllowed } from './policy';
import { keyedHash, newPin } from '../sessions';

/** The resend window: at most MAX_RESENDS resends within this time from the first send. */
export const RESEND_WINDOW_S = 3600;

type CodeRow = typeof loginCodes.$inferSelect;
type Decision =
  | { ok: true; kind: 'insert' | 'reset' | 'resend'; resendCount: number; windowStartedAt: number }
  | { ok: false; waitS: number; resendsRemaining: number };

/** Schedule (docs/product.md#constants): the first send is free, resend n waits RESEND_COOLDOWNS_S[n-1] since the last send. */
export function nextSend(row: CodeRow | undefined, now: number): Decision {
  if (!row) return { ok: true, kind: 'insert', resendCount: 0, windowStartedAt: now };
  const windowEnd = row.windowStartedAt.getTime() + RESEND_WINDOW_S * 1000;
  if (row.consumedAt || now >= windowEnd) return { ok: true, kind: 'reset', resendCount: 0, windowStartedAt: now };
  const n = row.resendCount + 1;
  if (n > MAX_RESENDS) return { ok: false, waitS: (windowEnd - now) / 1000, resendsRemaining: 0 };
  const readyAt = row.lastSentAt.getTime() + RESEND_COOLDOWNS_S[n - 1]! * 1000;
  if (now < readyAt)
    return { ok: false, waitS: (readyAt - now) / 1000, resendsRemaining: MAX_RESENDS - row.resendCount };
  return { ok: true, kind: 'resend', resendCount: n, windowStartedAt: row.windowStartedAt.getTime() };
}

export type PinRequestResult = { resendsRemaining: number; retryAfterSeconds: number };

export async function requestPin(
  deps: Deps,
  email: string,
  ip: string,
  language?: Language,
): Promise<PinRequestResult> {
  await enforceIpLimit(deps.db, 'requestPin', ip, deps.config.signInIpLimit);
  // A refused address goes through the same schedule and answer; it gets a notice instead of a code, and its
  // stored code is one nobody was sent, so verify-pin answers for it exactly as for any wrong code.
  const allowed = await isSignInAllowed(deps.db, deps.config, email);
  const code = newPin();
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(loginCodes).where(eq(loginCodes.email, email)).for('update');
    const now = await dbNow(tx);
    const decision = nextSend(row, now);
    if (!decision.ok) return decision;
    const values = {
      codeHash: keyedHash(deps.hashKey, allowed ? code : newPin() + newPin()),
      expiresAt: new Date(now + PIN_TTL_MINUTES * 60_000),
      wrongTries: 0,
      consumedAt: null,
      resendCount: decision.resendCount,
      lastSentAt: new Date(now),
      windowStartedAt: new Date(decision.windowStartedAt),
    };
    if (decision.kind === 'insert') {
      // A concurrent first request for the same address may have inserted first: that one counts as the send.
      const inserted = await tx
        .insert(loginCodes)
        .values({ email, ...values })
        .onConflictDoNothing()
        .returning({ email: loginCodes.email });
      if (inserted.length === 0)
        return { ok: false as const, waitS: RESEND_COOLDOWNS_S[0], resendsRemaining: MAX_RESENDS };
    } else {
      await tx.update(loginCodes).set(values).where(eq(loginCodes.email, email));
    }
    // Written in the language the person asked in (the page they read); else their account's; else English.
    const [known] = language
      ? []
      : await tx.select({ language: users.language }).from(users).where(eq(users.email, email));
    const lang = language ?? known?.language;
    await enqueueMail(tx, allowed ? pinEmail(email, code, lang) : signInRestrictedEmail(email, lang));
    return { ...decision, windowEnd: decision.windowStartedAt + RESEND_WINDOW_S * 1000, now };
  });
  if (!outcome.ok) throw tooManyWithWait(outcome.waitS, outcome.resendsRemaining);
  const resendsRemaining = MAX_RESENDS - outcome.resendCount;
  const retryAfterSeconds =
    resendsRemaining > 0
      ? RESEND_COOLDOWNS_S[outcome.resendCount]!
      : Math.ceil((outcome.windowEnd - outcome.now) / 1000);
  return { resendsRemaining, retryAfterSeconds };
}
