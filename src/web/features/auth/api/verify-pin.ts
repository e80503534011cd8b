import { apiPost } from '@web/lib/api';
import { botToken } from '../bot-challenge';
import type { SessionUser } from '../use-session';

export async function verifyPin(email: string, pin: string): Promise<SessionUser> {
  const recaptcha_token = await botToken('verify_pin');
  const res = await apiPost<{ success: true; user: SessionUser }>('/auth/verify-pin', { email, pin, recaptcha_token });
  return res.user;
}
