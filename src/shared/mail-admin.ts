import { z } from 'zod';

// The admin mail screen (GET /admin/mail, POST /admin/mail/:id/resend, POST /admin/mail/resend-failed; admins only):
// mail the outbox gave up on, and mail that has waited too long, with a way to send it again.

/** A mail still unsent this long after it was due counts as late (Today, the mail screen). */
export const MAIL_LATE_MINUTES = 15;
/** The most of each list the screen shows; the counts are exact. */
export const MAIL_LIST_LIMIT = 200;

export const troubledMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(['pending', 'sending', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  /** When an admin last resent it (the three days of retries start again then). */
  requeued_at: z.string().nullable(),
  next_attempt_at: z.string(),
});
export type TroubledMail = z.infer<typeof troubledMailSchema>;

export const mailTroubleAnswer = z.object({
  success: z.literal(true),
  failed_count: z.number().int(),
  late_count: z.number().int(),
  failed: z.array(troubledMailSchema),
  late: z.array(troubledMailSchema),
});
export type MailTrouble = z.infer<typeof mailTroubleAnswer>;

export const mailResendAnswer = z.object({ success: z.literal(true), resent: z.number().int() });
