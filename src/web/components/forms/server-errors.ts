import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError, errorText } from '@web/lib/api';

/**
 * A server refusal shown the way a form shows its own: the 400's field errors under their fields (a nested field such
 * as `refund.amount` lands on `amount`), anything else as the form's error (`errors.root.server`) in the server's
 * words, else the fallback. Field names the form does not have go to the form's error too, so nothing is lost.
 */
export function showServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): void {
  const unplaced: string[] = [];
  if (err instanceof ApiRequestError) {
    for (const issue of err.body?.errors ?? []) {
      const name = fields.find((f) => f === issue.field || f === issue.field.split('.').at(-1));
      if (name) setError(name, { type: 'server', message: issue.message });
      else unplaced.push(issue.message);
    }
    if (err.body?.errors?.length && unplaced.length === 0) return;
  }
  setError('root.server', { type: 'server', message: unplaced[0] ?? errorText(err, fallback) });
}
