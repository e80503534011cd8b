import { ErrorAlert } from './error-alert';

/** A field's validation message; its id matches the input's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return <ErrorAlert id={`${id}-error`} message={error} className="mt-1 text-sm text-red-400" />;
}
