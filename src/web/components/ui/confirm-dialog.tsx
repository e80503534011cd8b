import type { ReactNode } from 'react';
import { Modal } from '../modal';
import { Button } from './button';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** What will happen; shown under the title and read with it. */
  description?: ReactNode;
  /** More to say, below the description. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  /** The action is running: the confirm button spins and nothing else can be pressed. */
  pending?: boolean;
  /** Confirming waits for something the dialog asks first (each warning's box ticked). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes on close when the button that asked may be gone (see Modal). */
  returnFocus?: () => HTMLElement | null;
};

/**
 * Asks before a step that is hard to undo, instead of the browser's confirm(). Radix returns focus to the element
 * that was focused when it opened, so keyboard users land back on the button that asked.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  pending,
  confirmDisabled,
  onConfirm,
  onCancel,
  returnFocus,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next || pending ? undefined : onCancel())}
      title={title}
      description={description}
      size="sm"
      returnFocus={returnFocus}
    >
      <div className="space-y-5 text-sm text-gray-300">
        {children ? <div>{children}</div> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            onClick={onConfirm}
            loading={pending}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
