import { decorationLabel, POSITION_LABELS } from '@shared/cart';
import { formatUsd } from '@shared/money';
import type { CustomerQuote } from '@shared/phone-orders';

export const card = 'rounded-xl border border-gray-800 bg-ink-900 p-4';

/** The order as the server prices it for this customer: lines, adjustments, tax, shipping and total. */
export function PhoneOrderSummary({
  quote,
  updating,
  problem,
}: {
  quote: CustomerQuote | undefined;
  updating: boolean;
  problem: string | null;
}) {
  return (
    <section className={card} aria-labelledby="summary-h" data-testid="place-order-summary">
      <h2 id="summary-h" className="mb-2 font-semibold text-white">
        Summary
      </h2>
      {quote ? (
        <dl className="space-y-1 text-sm">
          {quote.lines.map((l) => (
            <div key={`${l.product_id}-${l.size}-${l.total}`} className="flex justify-between gap-3 text-gray-300">
              <dt className="min-w-0 break-words">
                {l.quantity} × {l.product_name}, {l.size}
                {l.customizations.map((c) => (
                  <span key={c.type} className="block text-xs text-gray-400">
                    {decorationLabel(c.type)} ({POSITION_LABELS[c.position]}){c.text ? `: ${c.text}` : ''}
                  </span>
                ))}
              </dt>
              <dd className="tabular-nums">{formatUsd(l.total)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 border-t border-gray-800 pt-1 text-gray-300">
            <dt>Subtotal</dt>
            <dd className="tabular-nums">{formatUsd(quote.subtotal)}</dd>
          </div>
          {quote.adjustments.map((a) => (
            <div key={`${a.kind}-${a.label}`} className="flex justify-between gap-3 text-gray-300">
              <dt>{a.label}</dt>
              <dd className="tabular-nums">{formatUsd(a.amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 text-base font-semibold text-white">
            <dt>Total</dt>
            <dd className="tabular-nums" aria-live="polite" data-testid="place-order-total">
              {formatUsd(quote.total)}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-gray-400">Add items to see the price.</p>
      )}
      {updating && quote ? <p className="mt-1 text-xs text-gray-400">updating…</p> : null}
      {problem ? <p className="mt-1 text-sm text-amber-300">{problem}</p> : null}
    </section>
  );
}
