import { and, eq, isNull } from 'drizzle-orm';
import type { TokenState } from '../../shared/orders';
import { hashToken, newToken } from '../sessions';
import type { Executor, Tx } from '../db/client';
import { approvalTokens } from '../db/schema';
import { notFound } from '../http/errors';

// The whole life of an approval token: issued at placement (one per approver), found by its hash, used once, and
// retired with every other token of its order once the order leaves awaiting approval.

export type TokenRow = typeof approvalTokens.$inferSelect;

export const APPROVAL_TTL_MS = 7 * 24 * 3600_000;
export const UNKNOWN_LINK = 'This approval link is not valid. Check that you opened the whole link from the e-mail.';

// Our tokens are base64url: anything else is no token of ours and never reaches a query.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+$/;

/** One token per approver; only its hash is stored, the token itself lives only in the e-mail. */
export async function issueApprovalTokens(tx: Tx, orderId: number, approvers: string[]) {
  const expiresAt = new Date(Date.now() + APPROVAL_TTL_MS);
  const issued = approvers.map((email) => ({ email, token: newToken() }));
  await tx
    .insert(approvalTokens)
    .values(issued.map((i) => ({ orderId, approverEmail: i.email, tokenHash: hashToken(i.token), expiresAt })));
  return issued;
}

export async function findToken(db: Executor, token: string, lock = false): Promise<TokenRow> {
  if (!TOKEN_SHAPE.test(token)) throw notFound(UNKNOWN_LINK);
  const q = db
    .select()
    .from(approvalTokens)
    .where(eq(approvalTokens.tokenHash, hashToken(token)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(UNKNOWN_LINK);
  return row;
}

/** What a link can still do, given its order's status. */
export function tokenState(token: TokenRow, orderStatus: string): TokenState {
  if (token.decision) return 'used';
  if (orderStatus !== 'awaiting_approval' || token.usedAt) return 'decided';
  if (token.expiresAt.getTime() <= Date.now()) return 'expired';
  return 'open';
}

export async function useToken(tx: Tx, id: number, decision: 'approved' | 'denied'): Promise<TokenRow> {
  const [row] = await tx
    .update(approvalTokens)
    .set({ usedAt: new Date(), decision })
    .where(eq(approvalTokens.id, id))
    .returning();
  return row!;
}

/** Once an order is decided (or cancelled) every other approver's link is dead. */
export async function retireOrderTokens(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(approvalTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(approvalTokens.orderId, orderId), isNull(approvalTokens.usedAt)));
}
