import type { ReactNode } from 'react';
import { Modal } from '@web/components/modal';
import { DialogActions } from './dialog-actions';

type Props = {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, title, body, confirmLabel, danger, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal open={open} onOpenChange={(o) => (o ? undefined : onCancel())} title={title} size="sm">
      <div className="space-y-5 text-sm text-gray-300">
        <div>{body}</div>
        <DialogActions onCancel={onCancel}>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            className={`rounded-lg px-4 py-2 font-semibold text-white disabled:opacity-60 ${danger ? 'bg-red-600 hover:bg-red-700' : 'bg-brand-500 hover:bg-brand-600'}`}
          >
            {busy ? 'Working...' : confirmLabel}
          </button>
        </DialogActions>
      </div>
    </Modal>
  );
}
