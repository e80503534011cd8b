import type { Db } from '../db/client';
import { unauthorized } from '../http/errors';
import { rotateRefreshToken, type IssuedTokens } from '../sessions';

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * Rotates the refresh token. A reused (already rotated) token revokes its family inside rotateRefreshToken;
 * the transaction commits that revocation before the 401 is thrown.
 */
export async function refreshSession(
  db: Db,
  token: string | undefined,
  meta: { ip: string; userAgent?: string },
): Promise<IssuedTokens> {
  if (!token) throw unauthorized();
  const result = await db.transaction((tx) => rotateRefreshToken(tx, token, meta));
  if (!result.ok) throw unauthorized(SESSION_EXPIRED);
  return result.tokens;
}
