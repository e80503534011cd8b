import { useTranslation } from 'react-i18next';
import { useFormat } from '@web/i18n/format';
import { ShoppingCart } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { Button } from '@web/components/ui';
import { useCart, useCartPanel } from '@web/features/cart';
import { isNarrow, useViewport } from '@web/lib/layout';
import { preloadable } from '@web/lib/preloadable';

// The sheet's code loads when a finger, pointer or the keyboard reaches the bar, ahead of the tap that opens it.
const MobileCartSheet = preloadable(() => import('./mobile-cart-sheet'));

/** Under 768 px the sidebar is gone: a bar pinned to the bottom opens the same cart as a bottom sheet. */
export function MobileCartBar() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: cart } = useCart();
  const { open, setOpen, loaded, opener, buttonProps } = useCartPanel(MobileCartSheet.preload);
  const narrow = isNarrow(useViewport());
  // The sheet is for under 768 px: a phone turned to landscape with it open hid it but left it open, and a modal
  // left open keeps the page inert and unscrollable. It closes as the layout leaves it.
  useEffect(() => {
    if (!narrow) setOpen(false);
  }, [narrow, setOpen]);
  const count = cart?.item_count ?? 0;
  const showing = count > 0;
  const bar = useRef<HTMLDivElement>(null);
  // The height the bar covers, for what must stand above it (toasts, app/providers.tsx); 0 while it is hidden.
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement.style;
    const measure = new ResizeObserver(() => root.setProperty('--pinned-bar-height', `${el.offsetHeight}px`));
    measure.observe(el);
    return () => {
      measure.disconnect();
      root.removeProperty('--pinned-bar-height');
    };
  }, [showing]);
  return (
    <>
      {showing && (
        <div
          ref={bar}
          className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-800 bg-ink-950 p-3 md:hidden"
          data-testid="mobile-cart-bar"
        >
          <Button {...buttonProps} size="lg" block>
            <span className="flex w-full items-center justify-between">
              <span className="flex items-center gap-2">
                <ShoppingCart className="h-5 w-5" aria-hidden />
                {t('store.viewCart', { count })}
              </span>
              <span>{format.money(cart?.total ?? 0)}</span>
            </span>
          </Button>
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
