/** A field's validation message, announced to screen readers; its id matches the input's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-400">
      {error}
    </p>
  );
}
