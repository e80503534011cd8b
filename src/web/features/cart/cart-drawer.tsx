import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import CartSidebar from './cart-sidebar';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; opener: RefObject<HTMLButtonElement | null> };

/**
 * The cart on short landscape phones (under 900 by 500): a full-height drawer from the right, lines beside the
 * totals, so the lines get the whole height rather than the 45 px a 384 px column left them.
 */
export default function CartDrawer({ open, onOpenChange, opener }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content
          data-testid="cart-drawer"
          className="fixed inset-y-0 right-0 z-50 flex w-[min(100vw,44rem)] flex-col overflow-hidden border-l border-gray-700 bg-ink-900 text-gray-100 shadow-2xl focus:outline-none"
          // The header's button is not a Dialog.Trigger, so Radix does not know where the focus goes back to.
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
          <CartSidebar wide />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
