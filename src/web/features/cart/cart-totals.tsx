import type { Cart } from '@shared/cart';
import { formatTaxPercent, formatUsd } from '@shared/money';

export function CartTotals({ cart }: { cart: Cart }) {
  return (
    <dl className="space-y-1.5 text-sm" data-testid="cart-totals">
      <div className="flex justify-between text-gray-300">
        <dt>Subtotal</dt>
        <dd data-testid="cart-subtotal">{formatUsd(cart.subtotal)}</dd>
      </div>
      <div className="flex justify-between text-gray-300">
        <dt>Tax ({formatTaxPercent(cart.tax_rate)})</dt>
        <dd data-testid="cart-tax">{formatUsd(cart.tax_amount)}</dd>
      </div>
      <div className="flex justify-between border-t border-gray-800 pt-2 text-base font-semibold text-white">
        <dt>Total</dt>
        <dd data-testid="cart-total">{formatUsd(cart.total)}</dd>
      </div>
    </dl>
  );
}
