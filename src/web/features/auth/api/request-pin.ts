import type { RequestPinAnswer } from '@shared/auth';
import { apiPost } from '@web/lib/api';
import { botToken } from '@web/lib/bot-challenge';

export async function requestPin(email: string): Promise<RequestPinAnswer> {
  const recaptcha_token = await botToken('request_pin');
  return apiPost('/auth/request-pin', { email, recaptcha_token });
}
