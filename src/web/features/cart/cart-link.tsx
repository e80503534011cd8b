import { useTranslation } from 'react-i18next';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { useCart } from './api/use-cart';

/** Header link to /checkout with the item-count badge; the shell shows it only when the sidebar is absent (under 768 px). */
export default function CartLink() {
  const { t } = useTranslation();
  const { data: cart } = useCart();
  const count = cart?.item_count ?? 0;
  return (
    <Link
      to="/checkout"
      aria-label={t('cart.link', { count })}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-gray-200 hover:bg-gray-800 hover:text-white"
    >
      <ShoppingCart className="h-5 w-5" aria-hidden />
      {count > 0 && (
        <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-500 px-1 text-center text-[11px] leading-5 font-bold text-ink-950">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
