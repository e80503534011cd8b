import type { ReactNode } from 'react';
import { Button } from './ui';

/** A dialog's last row: Cancel, then the dialog's own action, which phones show on top. */
export function DialogActions({
  onCancel,
  className = '',
  children,
}: {
  onCancel: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${className}`.trim()}>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </div>
  );
}
