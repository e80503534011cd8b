import type { ReactNode } from 'react';
import { useFromEnglish } from '@web/i18n';

/**
 * An error that screen readers announce as it appears (role="alert"); renders nothing while there is none. A text
 * message is a shared schema's or the server's English: shown in the screen's language (docs/product.md#languages).
 */
export function ErrorAlert({
  id,
  message,
  className = 'text-sm text-red-400',
}: {
  id?: string;
  message: ReactNode;
  className?: string;
}) {
  const words = useFromEnglish();
  if (!message) return null;
  return (
    <p id={id} role="alert" className={className}>
      {typeof message === 'string' ? words(message) : message}
    </p>
  );
}
