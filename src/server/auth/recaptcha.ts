import type { AppConfig } from '../config';
import { AppError } from '../http/errors';

/** actions: the reCAPTCHA action names this call accepts (docs/architecture.md#the-api: request_pin, verify_pin, contact_form or contact). */
export type RecaptchaVerifier = (token: string | null | undefined, actions: string[], ip: string) => Promise<void>;

/**
 * reCAPTCHA v3 check. Off without a secret. With one, a missing, failing or low-scoring token is
 * refused, and so is every request while the verify service cannot be reached: never silently let through.
 */
export function createRecaptchaVerifier(cfg: AppConfig['recaptcha']): RecaptchaVerifier {
  if (!cfg) return async () => {};
  return async (token, actions, ip) => {
    if (!token)
      throw new AppError(400, 'BOT_CHECK_FAILED', 'Security check failed. Please reload the page and try again.');
    let data: { success?: boolean; score?: number; action?: string };
    try {
      const res = await fetch(cfg.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: cfg.secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`verify endpoint answered ${res.status}`);
      data = (await res.json()) as typeof data;
    } catch {
      throw new AppError(
        503,
        'BOT_CHECK_UNAVAILABLE',
        'The security check service is unavailable right now. Please try again in a few minutes.',
      );
    }
    const scoreOk = typeof data.score !== 'number' || data.score >= cfg.minScore;
    const actionOk = !data.action || actions.includes(data.action);
    if (!data.success || !scoreOk || !actionOk) {
      throw new AppError(400, 'BOT_CHECK_FAILED', 'Security check failed. Please reload the page and try again.');
    }
  };
}
