import { LANDSCAPE_RESEND } from '@shared/constants';

/** What the server said about resending: from request-pin's answer or a 429's body. */
export type ServerResend = { resendsRemaining: number; retryAfterSeconds: number };

/**
 * The wait and the resends left that the PIN step shows (docs/product.md#sign-in). Everywhere the server's schedule
 * applies; the short landscape dialog adds its own rule on top: at least 30 s between sends and at most 3 resends
 * (`used` is how many this dialog has sent). The stricter of the two always wins, so a longer wait from the server
 * is shown as it is.
 */
export function resendRule(server: ServerResend, landscape: boolean, used: number): ServerResend {
  if (!landscape) return server;
  return {
    retryAfterSeconds: Math.max(server.retryAfterSeconds, LANDSCAPE_RESEND.cooldownS),
    resendsRemaining: Math.max(0, Math.min(server.resendsRemaining, LANDSCAPE_RESEND.maxResends - used)),
  };
}
