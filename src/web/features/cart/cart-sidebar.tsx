import { useTranslation } from 'react-i18next';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui';
import { useCart } from './api/use-cart';
import { useClearCart } from './api/use-clear-cart';
import { CartLine } from './cart-line';
import { CartTotals } from './cart-totals';
import { BreakHints } from './break-hints';

/**
 * The 384 px store sidebar (docs/product.md#screens-and-routes): title, count badge, lines, totals and Proceed to
 * Checkout. `wide` (the landscape drawer) puts the totals beside the lines, which then get the whole height.
 */
export default function CartSidebar({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation();
  const { data: cart, isPending } = useCart();
  const clear = useClearCart();
  const count = cart?.item_count ?? 0;
  return (
    <section aria-labelledby="cart-title" className="flex h-full min-h-0 flex-col bg-ink-900/60">
      <header className="flex items-center justify-between border-b border-gray-800 px-5 py-4">
        <h2 id="cart-title" className="flex items-center gap-2 text-lg font-semibold text-white">
          <ShoppingCart className="h-5 w-5 text-brand-500" aria-hidden /> {t('cart.title')}
        </h2>
        <span
          className="min-w-7 rounded-full bg-brand-500 px-2 py-0.5 text-center text-xs font-bold text-ink-950"
          aria-label={t('cart.itemsInCart', { count })}
          data-testid="cart-count"
        >
          {count}
        </span>
      </header>
      {isPending ? (
        <div className="flex-1 space-y-3 p-5" aria-busy="true">
          {[0, 1].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-lg bg-gray-800/60" />
          ))}
        </div>
      ) : !cart || cart.items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
          <ShoppingCart className="mb-3 h-10 w-10 text-gray-600" aria-hidden />
          <p className="font-medium text-gray-200">{t('cart.empty')}</p>
          <p className="mt-1 text-sm text-gray-400">{t('cart.emptyHint')}</p>
        </div>
      ) : (
        <div className={wide ? 'flex min-h-0 flex-1' : 'contents'}>
          <ul className="min-h-0 flex-1 divide-y divide-gray-800 overflow-y-auto px-5" aria-label={t('cart.items')}>
            {cart.items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
          <footer
            className={
              wide
                ? 'w-72 shrink-0 space-y-3 overflow-y-auto border-l border-gray-800 px-5 py-4'
                : 'space-y-3 border-t border-gray-800 px-5 py-4'
            }
          >
            <BreakHints cart={cart} />
            <CartTotals cart={cart} />
            <Link to="/checkout" className={buttonClasses({ size: 'lg', block: true })}>
              {t('cart.checkout')}
            </Link>
            <Link to="/quotes/new" className={buttonClasses({ variant: 'secondary', block: true })}>
              {t('cart.quote')}
            </Link>
            <Button variant="ghost" size="sm" block onClick={() => clear.mutate()} className="text-xs">
              {t('cart.emptyCart')}
            </Button>
          </footer>
        </div>
      )}
    </section>
  );
}
