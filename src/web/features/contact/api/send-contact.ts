import { useMutation } from '@tanstack/react-query';
import type { GeneralContactPayload, UserContactPayload } from '@shared/contact';
import { botToken } from '@web/features/auth/bot-challenge';
import { apiPost } from '@web/lib/api';

export type ContactBody = Omit<GeneralContactPayload, 'recaptcha_token'> | Omit<UserContactPayload, 'recaptcha_token'>;
type Sent = { success: true; message: string; id: number; conversation_id: number };

/** POST /contact with a bot-challenge token when one can be had (SPEC §7: action contact_form). */
export async function sendContact(body: ContactBody): Promise<Sent> {
  const recaptcha_token = await botToken('contact_form');
  return apiPost<Sent>('/contact', { ...body, recaptcha_token });
}

export const useSendContact = () => useMutation({ mutationFn: sendContact });
