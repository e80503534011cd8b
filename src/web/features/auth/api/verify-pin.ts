import { apiPost } from '@web/lib/api';
import { botToken } from '@web/lib/bot-challenge';
import { currentLanguage } from '@web/i18n';

export async function verifyPin(email: string, pin: string) {
  const recaptcha_token = await botToken('verify_pin');
  // A first sign-in's new account starts in the language the page is in.
  const res = await apiPost('/auth/verify-pin', { email, pin, recaptcha_token, language: currentLanguage() });
  return res.user;
}
