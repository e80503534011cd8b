import type { RepricedCart } from '@shared/cart-basics';
import { MoneySummary } from '@web/components/orders/money-summary';

/** The cart sidebar's totals: the server's figures, dimmed while a local change waits for them. */
export function CartTotals({ cart }: { cart: RepricedCart }) {
  return <MoneySummary priced={cart} testIdPrefix="cart" updating={cart.repricing === true} />;
}
