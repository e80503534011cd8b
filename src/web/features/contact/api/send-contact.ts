import { useMutation } from '@tanstack/react-query';
import type { GeneralContactPayload, UserContactPayload } from '@shared/contact';
import { botToken } from '@web/lib/bot-challenge';
import { apiPost } from '@web/lib/api';
import { currentLanguage } from '@web/i18n';

export type ContactBody =
  Omit<GeneralContactPayload, 'recaptcha_token' | 'language'> | Omit<UserContactPayload, 'recaptcha_token'>;

/** POST /contact with a bot-challenge token when one can be had (docs/architecture.md#the-api: action contact_form). */
export async function sendContact(body: ContactBody) {
  const recaptcha_token = await botToken('contact_form');
  // A guest's receipt is written in the language they are reading the page in.
  return apiPost('/contact', { ...body, recaptcha_token, language: currentLanguage() });
}

export const useSendContact = () => useMutation({ mutationFn: sendContact });
