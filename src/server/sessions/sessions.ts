import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { hashToken, newToken } from './tokens';

export const ACCESS_TTL_MS = 15 * 60_000;
export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
export const ROTATION_GRACE_MS = 10_000;

export type SessionUser = {
  id: number;
  email: string;
  role: 'admin' | 'employee' | 'other';
  sessionId: number;
};

export type IssuedTokens = { access: string; refresh: string; accessExpiresAt: Date; refreshExpiresAt: Date };

export async function createSession(
  db: Executor,
  userId: number,
  meta: { userAgent?: string; ip?: string },
  familyId: string = crypto.randomUUID(),
): Promise<IssuedTokens> {
  const access = newToken();
  const refresh = newToken();
  const now = Date.now();
  const accessExpiresAt = new Date(now + ACCESS_TTL_MS);
  const refreshExpiresAt = new Date(now + REFRESH_TTL_MS);
  await db.insert(sessions).values({
    userId,
    familyId,
    accessHash: hashToken(access),
    accessExpiresAt,
    refreshHash: hashToken(refresh),
    refreshExpiresAt,
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
  });
  return { access, refresh, accessExpiresAt, refreshExpiresAt };
}

/** The user behind an access token, read fresh on every request so role changes and deactivation apply at once. */
export async function userForAccessToken(db: Executor, token: string): Promise<SessionUser | null> {
  const query = prepared(db, 'session_user', (d) =>
    d
      .select({ id: users.id, email: users.email, role: users.role, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.accessHash, sql.placeholder('hash')),
          gt(sessions.accessExpiresAt, sql`now()`),
          isNull(sessions.revokedAt),
          isNull(sessions.rotatedAt),
          eq(users.isActive, true),
        ),
      )
      .limit(1)
      .prepare('session_user'),
  );
  const [row] = await query.execute({ hash: hashToken(token) });
  return row ?? null;
}

export type RefreshResult =
  | { ok: true; tokens: IssuedTokens; userId: number }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'inactive' };

/** Rotates a refresh token. Presenting one that was already rotated revokes its whole family (theft signal). */
export async function rotateRefreshToken(
  db: Executor,
  token: string,
  meta: { userAgent?: string; ip?: string },
): Promise<RefreshResult> {
  const [row] = await db
    .select({ s: sessions, active: users.isActive })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.refreshHash, hashToken(token)))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  const s = row.s;
  if (s.revokedAt) return { ok: false, reason: 'reused' };
  if (s.rotatedAt) {
    // Two tabs refreshing at once share one cookie jar: the loser presents the token the winner just
    // rotated. Inside the grace window that is refused without revoking; later it is treated as theft.
    if (Date.now() - s.rotatedAt.getTime() > ROTATION_GRACE_MS) await revokeFamily(db, s.familyId);
    return { ok: false, reason: 'reused' };
  }
  if (s.refreshExpiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  if (!row.active) return { ok: false, reason: 'inactive' };
  // Only one concurrent rotation may win: the conditional update is the lock.
  const claimed = await db
    .update(sessions)
    .set({ rotatedAt: new Date() })
    .where(and(eq(sessions.id, s.id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  // Lost a race with a concurrent rotation of the same token (the grace case above): refuse, keep the family.
  if (claimed.length === 0) return { ok: false, reason: 'reused' };
  const tokens = await createSession(db, s.userId, meta, s.familyId);
  return { ok: true, tokens, userId: s.userId };
}

export async function revokeFamily(db: Executor, familyId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

export async function revokeAllForUser(db: Executor, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
