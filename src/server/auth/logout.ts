import { eq, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sessions } from '../db/schema';
import { revokeFamily } from '../sessions';
import { hashToken } from '../sessions';

/** Revokes the whole session family behind either cookie, so a stolen refresh token dies with the logout. */
export async function logout(db: Executor, tokens: { access?: string; refresh?: string }): Promise<void> {
  const conditions = [
    tokens.access ? eq(sessions.accessHash, hashToken(tokens.access)) : undefined,
    tokens.refresh ? eq(sessions.refreshHash, hashToken(tokens.refresh)) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return;
  const rows = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(or(...conditions));
  for (const familyId of new Set(rows.map((r) => r.familyId))) await revokeFamily(db, familyId);
}
