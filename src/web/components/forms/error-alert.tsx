import type { ReactNode } from 'react';

/** An error that screen readers announce as it appears (role="alert"); renders nothing while there is none. */
export function ErrorAlert({
  id,
  message,
  className = 'text-sm text-red-400',
}: {
  id?: string;
  message: ReactNode;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={className}>
      {message}
    </p>
  );
}
