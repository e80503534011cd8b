import { useTranslation } from 'react-i18next';
import { ShoppingCart } from 'lucide-react';
import { Suspense } from 'react';
import { Button } from '@web/components/ui';
import { preloadable } from '@web/lib/preloadable';
import { useCartPanel } from './api/use-cart-panel';
import { useCart } from './api/use-cart';

// The drawer's code loads when a pointer or the keyboard reaches the button, ahead of the press that opens it.
const CartDrawer = preloadable(() => import('./cart-drawer'));

/** The header's cart count on short landscape phones: it opens the cart drawer instead of leaving the store. */
export default function CartDrawerButton() {
  const { t } = useTranslation();
  const { data: cart } = useCart();
  const { open, setOpen, loaded, opener, buttonProps } = useCartPanel(CartDrawer.preload);
  const count = cart?.item_count ?? 0;
  return (
    <>
      <Button {...buttonProps} variant="icon" aria-label={t('cart.link', { count })} className="relative h-10 w-10">
        <ShoppingCart className="h-5 w-5" aria-hidden />
        {count > 0 && (
          <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-500 px-1 text-center text-[11px] leading-5 font-bold text-ink-950">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <CartDrawer open={open} onOpenChange={setOpen} opener={opener} />
        </Suspense>
      ) : null}
    </>
  );
}
