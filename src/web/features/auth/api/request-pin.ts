import type { RequestPinAnswer } from '@shared/auth';
import { apiPost } from '@web/lib/api';
import { botToken } from '@web/lib/bot-challenge';
import { currentLanguage } from '@web/i18n';

export async function requestPin(email: string): Promise<RequestPinAnswer> {
  const recaptcha_token = await botToken('request_pin');
  // The code mail is written in the language the person is reading the page in.
  return apiPost('/auth/request-pin', { email, recaptcha_token, language: currentLanguage() });
}
