import type { Cart } from '@shared/cart';

/** Per garment: the quantity break the cart has and what reaches the next ("Add 2 more for $28.80 each"). */
export function BreakHints({ cart }: { cart: Cart }) {
  if (!cart.break_hints?.length) return null;
  return (
    <ul className="space-y-1 rounded-lg bg-brand-500/10 p-2 text-xs text-gray-200" data-testid="break-hints">
      {cart.break_hints.map((h) => (
        <li key={h.base_name}>
          <span className="font-semibold text-white">{h.base_name}</span> ({h.quantity})
          {h.applied && <>: {h.applied}</>}
          {h.next && <span className="block text-brand-300">{h.next}</span>}
        </li>
      ))}
    </ul>
  );
}
