import { and, eq, gt, isNull } from 'drizzle-orm';
import { APPROVAL_RESEND_COOLDOWN_S } from '../../shared/order-approvals';
import type { Tx } from '../db/client';
import { approvalTokens } from '../db/schema';
import { hitLimit, peekLimit } from '../http/rate-limit';
import { issueApprovalTokens, retireOrderTokens } from './tokens';

/** One cooldown per order, shared by a staff resend (approvals) and an edit's reissue. */
export const resendKey = (orderId: number) => `approval-resend:${orderId}`;

/**
 * A staff edit that sends the order back to its approvers (security round 4, finding 8: ten edits in seconds mailed
 * each approver ten times). Within the resend cooldown, while every approver still holds a live link, the links stay:
 * they open the order as it is now, and a page opened before the edit cannot decide it (decide's version check).
 * Otherwise, or when some approver holds no live link (the order was decided, the links expired, the approvers
 * changed), every link dies and each approver gets a new one; that counts against the cooldown like a resend.
 */
export async function reissueForEdit(tx: Tx, orderId: number, approvers: string[]) {
  const live = await tx
    .select({ email: approvalTokens.approverEmail })
    .from(approvalTokens)
    .where(
      and(eq(approvalTokens.orderId, orderId), isNull(approvalTokens.usedAt), gt(approvalTokens.expiresAt, new Date())),
    );
  const holding = new Set(live.map((t) => t.email.toLowerCase()));
  const covered = approvers.length > 0 && approvers.every((a) => holding.has(a.toLowerCase()));
  if (covered && (await peekLimit(tx, resendKey(orderId), APPROVAL_RESEND_COOLDOWN_S)) >= 1)
    return { tokens: [], kept: true };
  await retireOrderTokens(tx, orderId);
  if (approvers.length === 0) return { tokens: [], kept: false };
  await hitLimit(tx, resendKey(orderId), 1, APPROVAL_RESEND_COOLDOWN_S);
  return { tokens: await issueApprovalTokens(tx, orderId, approvers), kept: false };
}
