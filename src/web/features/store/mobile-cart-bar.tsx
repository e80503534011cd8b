import { ShoppingCart } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { formatUsd } from '@shared/money';
import { EDIT_CART_ITEM_EVENT, useCart } from '@web/features/cart';
import { preloadable } from '@web/lib/preloadable';

// The sheet's code loads when a finger, pointer or the keyboard reaches the bar, ahead of the tap that opens it.
const MobileCartSheet = preloadable(() => import('./mobile-cart-sheet'));

/** Under 768 px the sidebar is gone: a bar pinned to the bottom opens the same cart as a bottom sheet. */
export function MobileCartBar() {
  const { data: cart } = useCart();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // Editing a line opens the customise dialog; the sheet steps aside for it.
  useEffect(() => {
    const close = () => setOpen(false);
    window.addEventListener(EDIT_CART_ITEM_EVENT, close);
    return () => window.removeEventListener(EDIT_CART_ITEM_EVENT, close);
  }, []);
  useEffect(() => {
    if (!wanted && !open) return;
    let live = true;
    void MobileCartSheet.preload().finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [wanted, open]);
  const count = cart?.item_count ?? 0;
  return (
    <>
      {count > 0 && (
        <div
          className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-800 bg-ink-950/95 p-3 backdrop-blur md:hidden"
          data-testid="mobile-cart-bar"
        >
          <button
            ref={opener}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            onPointerEnter={() => setWanted(true)}
            onTouchStart={() => setWanted(true)}
            onFocus={() => setWanted(true)}
            className="flex w-full items-center justify-between rounded-xl bg-brand-500 px-4 py-3 font-semibold text-white hover:bg-brand-600"
          >
            <span className="flex items-center gap-2">
              <ShoppingCart className="h-5 w-5" aria-hidden />
              View cart · {count} {count === 1 ? 'item' : 'items'}
            </span>
            <span>{formatUsd(cart?.total ?? 0)}</span>
          </button>
        </div>
      )}
      {loaded ? (
        <Suspense fallback={null}>
          <MobileCartSheet open={open} onOpenChange={setOpen} opener={opener} />
        </Suspense>
      ) : null}
    </>
  );
}
