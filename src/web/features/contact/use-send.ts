import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { SEND_FAILED } from '@shared/contact';
import { ApiRequestError, errorText } from '@web/lib/api';
import { useSendContact, type ContactBody } from './api/send-contact';

/**
 * Sends and translates failures: the server's field errors land on their fields, and the banner shows the
 * server's message (docs/product.md#errors-the-user-sees), else 'Failed to send message. Please try again.'.
 */
export function useSend<T extends FieldValues>(setError: UseFormSetError<T>, onSent: () => void) {
  const mutation = useSendContact();
  const [sendError, setSendError] = useState<string | null>(null);
  const send = (body: ContactBody) => {
    setSendError(null);
    mutation.mutate(body, {
      onSuccess: onSent,
      onError: (err) => {
        if (err instanceof ApiRequestError)
          for (const e of err.body?.errors ?? []) setError(e.field as Path<T>, { type: 'server', message: e.message });
        setSendError(errorText(err, SEND_FAILED));
      },
    });
  };
  return { send, sendError, pending: mutation.isPending };
}
