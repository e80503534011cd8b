import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** A persistent modal ignores Escape and backdrop clicks and its close button is disabled (docs/product.md#screens-and-routes). */
  persistent?: boolean;
  fullscreen?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /**
   * Where focus goes when the modal closes, asked at that moment: undefined falls back to what had focus when it
   * opened (Radix would return it only to its own trigger, which our dialogs do not use); null leaves focus alone,
   * e.g. when another dialog took it.
   */
  returnFocus?: () => HTMLElement | null | undefined;
  /**
   * Pinned under the scrolling body, always in view: the dialog's primary action, so a short screen (a phone in
   * landscape, 390 px high) never has to scroll to reach it. It follows the body in the reading and Tab order.
   */
  footer?: ReactNode;
  children: ReactNode;
};

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-4xl' };

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  persistent,
  fullscreen,
  size = 'md',
  returnFocus,
  footer,
  children,
}: ModalProps) {
  const { t } = useTranslation();
  // No modal here opens from a Dialog.Trigger, and without one Radix sends focus nowhere on close: remember the opener.
  const openedFrom = useRef<HTMLElement | null>(null);
  const block = (e: Event) => {
    if (persistent) e.preventDefault();
  };
  const head = (
    <div className="mb-4 flex items-start justify-between gap-4">
      <div>
        <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
        {description ? (
          <Dialog.Description className="mt-1 text-sm text-gray-400">{description}</Dialog.Description>
        ) : (
          <Dialog.Description className="sr-only">{title}</Dialog.Description>
        )}
      </div>
      <Dialog.Close
        disabled={persistent}
        aria-label={t('shell.close')}
        className="rounded-md p-1 text-gray-400 hover:bg-gray-800 hover:text-white disabled:cursor-not-allowed disabled:opacity-40"
      >
        <X className="h-5 w-5" aria-hidden />
      </Dialog.Close>
    </div>
  );
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (persistent && !next ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/75" />
        <Dialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onOpenAutoFocus={() => {
            // Called before Radix moves focus into the dialog: the active element is still the opener.
            openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            const asked = returnFocus?.();
            if (asked === null) return;
            const target = asked ?? openedFrom.current;
            if (!target?.isConnected || target === document.body) return;
            e.preventDefault();
            target.focus();
          }}
          className={
            fullscreen
              ? 'fixed inset-0 z-50 overflow-y-auto bg-ink-900 p-4 text-gray-100 focus:outline-none'
              : `fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 rounded-xl border border-gray-700 bg-ink-900 text-gray-100 shadow-2xl focus:outline-none ${footer ? 'flex flex-col overflow-hidden' : 'overflow-y-auto p-6'}`
          }
        >
          {footer && !fullscreen ? (
            <>
              <div className="min-h-0 flex-1 overflow-y-auto p-6 pb-4" data-testid="modal-body">
                {head}
                {children}
              </div>
              <div className="border-t border-gray-800 bg-ink-900 px-6 py-3" data-testid="modal-footer">
                {footer}
              </div>
            </>
          ) : (
            <>
              {head}
              {children}
              {footer}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
