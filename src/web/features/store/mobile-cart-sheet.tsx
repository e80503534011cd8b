import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { CartSidebar } from '@web/features/cart';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; opener: RefObject<HTMLButtonElement | null> };

/** The cart as a bottom sheet under 768 px; its own chunk, so the store's first paint does not wait for Radix. */
export default function MobileCartSheet({ open, onOpenChange, opener }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 md:hidden" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex h-[85dvh] flex-col overflow-hidden rounded-t-2xl border-t border-gray-700 bg-ink-900 text-gray-100 focus:outline-none md:hidden"
          // The bar's button is not a Dialog.Trigger, so Radix does not know where the focus goes back to.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            opener.current?.focus();
          }}
        >
          <Dialog.Title className="sr-only">{t('cart.title')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('cart.sheetDescription')}</Dialog.Description>
          <Dialog.Close
            aria-label={t('store.closeCart')}
            className="absolute top-3.5 right-14 rounded-md p-1 text-gray-400 hover:text-white"
          >
            <X className="h-5 w-5" aria-hidden />
          </Dialog.Close>
          <CartSidebar />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
