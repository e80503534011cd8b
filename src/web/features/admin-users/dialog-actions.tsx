import type { ReactNode } from 'react';

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
      <button
        type="button"
        onClick={onCancel}
        className="rounded-lg border border-gray-700 px-4 py-2 text-gray-200 hover:bg-gray-800"
      >
        Cancel
      </button>
      {children}
    </div>
  );
}
