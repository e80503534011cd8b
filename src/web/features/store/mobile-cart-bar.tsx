import * as Dialog from '@radix-ui/react-dialog';
import { ShoppingCart, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatUsd } from '@shared/money';
import { EDIT_CART_ITEM_EVENT } from '@web/features/cart/api/edit-cart-item';
import { useCart } from '@web/features/cart/api/use-cart';
import CartSidebar from '@web/features/cart/cart-sidebar';

/** Under 768 px the sidebar is gone: a bar pinned to the bottom opens the same cart as a bottom sheet. */
export function MobileCartBar() {
  const { data: cart } = useCart();
  const [open, setOpen] = useState(false);
  // Editing a line opens the customise dialog; the sheet steps aside for it.
  useEffect(() => {
    const close = () => setOpen(false);
    window.addEventListener(EDIT_CART_ITEM_EVENT, close);
    return () => window.removeEventListener(EDIT_CART_ITEM_EVENT, close);
  }, []);
  const count = cart?.item_count ?? 0;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      {count > 0 && (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-800 bg-ink-950/95 p-3 backdrop-blur md:hidden" data-testid="mobile-cart-bar">
          <Dialog.Trigger className="flex w-full items-center justify-between rounded-xl bg-brand-500 px-4 py-3 font-semibold text-white hover:bg-brand-600">
            <span className="flex items-center gap-2">
              <ShoppingCart className="h-5 w-5" aria-hidden />
              View cart · {count} {count === 1 ? 'item' : 'items'}
            </span>
            <span>{formatUsd(cart?.total ?? 0)}</span>
          </Dialog.Trigger>
        </div>
      )}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 md:hidden" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex h-[85dvh] flex-col overflow-hidden rounded-t-2xl border-t border-gray-700 bg-ink-900 text-gray-100 focus:outline-none md:hidden">
          <Dialog.Title className="sr-only">Shopping Cart</Dialog.Title>
          <Dialog.Description className="sr-only">Your cart lines, totals and checkout</Dialog.Description>
          <Dialog.Close aria-label="Close cart" className="absolute top-3.5 right-14 rounded-md p-1 text-gray-400 hover:text-white">
            <X className="h-5 w-5" aria-hidden />
          </Dialog.Close>
          <CartSidebar />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
