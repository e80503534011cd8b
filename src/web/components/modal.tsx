import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** A persistent modal ignores Escape and backdrop clicks and its close button is disabled (docs/product.md#screens-and-routes). */
  persistent?: boolean;
  fullscreen?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
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
  children,
}: ModalProps) {
  const block = (e: Event) => {
    if (persistent) e.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (persistent && !next ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={
            fullscreen
              ? 'fixed inset-0 z-50 overflow-y-auto bg-ink-900 p-4 text-gray-100 focus:outline-none'
              : `fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-gray-700 bg-ink-900 p-6 text-gray-100 shadow-2xl focus:outline-none`
          }
        >
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
              aria-label="Close"
              className="rounded-md p-1 text-gray-400 hover:bg-gray-800 hover:text-white disabled:cursor-not-allowed disabled:opacity-40"
            >
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
