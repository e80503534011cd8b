import { z } from 'zod';
import { REASON_MAX } from './orders';

// Staff steering an order's approval (docs/product.md#approvals-staff-can-steer): who was asked, resend, record a decision.

/**
 * A link's life as staff see it: open (waiting), opened (its page was seen), approved/denied (decided through it),
 * replaced (a resend or an edit sent newer links), closed (the order was decided another way), expired.
 */
export const LINK_STATES = ['open', 'opened', 'approved', 'denied', 'replaced', 'closed', 'expired'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export const approvalLinkSchema = z.object({
  id: z.number(),
  approver_email: z.string(),
  sent_at: z.string(),
  opened_at: z.string().nullable(),
  expires_at: z.string(),
  state: z.enum(LINK_STATES),
});
export type ApprovalLink = z.infer<typeof approvalLinkSchema>;

export const orderApprovalsSchema = z.object({
  /** True while the order awaits approval: only then can staff resend or record a decision. */
  awaiting: z.boolean(),
  department_name: z.string().nullable(),
  /** Who a resend would e-mail now: the department's approvers less the customer. Empty: staff decide. */
  approvers: z.array(z.string()),
  /** Every link ever sent for the order, newest first. */
  links: z.array(approvalLinkSchema),
});
export type OrderApprovals = z.infer<typeof orderApprovalsSchema>;
export const orderApprovalsAnswer = z.object({ success: z.literal(true), approvals: orderApprovalsSchema });

export const RECORD_REASON_REQUIRED = 'Say how the decision reached you (for example "Chief Ortiz approved by phone")';
export const recordDecisionSchema = z.object({
  decision: z.enum(['approve', 'deny'], { error: 'Choose approve or deny' }),
  reason: z
    .string({ error: RECORD_REASON_REQUIRED })
    .trim()
    .min(1, RECORD_REASON_REQUIRED)
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
});
export type RecordDecision = z.infer<typeof recordDecisionSchema>;

/**
 * How long after one approval e-mail the next may go: a staff resend (security round 3, finding 7) and the links and
 * customer mail of staff edits (round 4, finding 8).
 */
export const APPROVAL_RESEND_COOLDOWN_S = 600;

export const NOT_AWAITING_APPROVAL = 'This order is not awaiting approval any more.';
export const NO_APPROVER_TO_EMAIL =
  'This department has no approver other than the customer; record the decision instead.';
