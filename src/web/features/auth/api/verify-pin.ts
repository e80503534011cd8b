import { apiPost } from '@web/lib/api';
import { botToken } from '@web/lib/bot-challenge';

export async function verifyPin(email: string, pin: string) {
  const recaptcha_token = await botToken('verify_pin');
  const res = await apiPost('/auth/verify-pin', { email, pin, recaptcha_token });
  return res.user;
}
