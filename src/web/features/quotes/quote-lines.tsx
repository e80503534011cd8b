import { decorationLabel, POSITION_LABELS, type KnownKinds } from '@shared/cart';
import { useDecorationKinds } from '@web/lib/use-decoration-kinds';
import { formatUsd } from '@shared/money';
import { QUOTE_STATUS_LABELS, type QuoteDetail, type QuoteStatus } from '@shared/quotes';

type QuoteDecoration = QuoteDetail['lines'][number]['customizations'][number];

/** A decoration in words: its kind as the shop names it (SPEC's or an added kind's, from GET /decorations). */
export const decorationText = (c: QuoteDecoration, kinds?: KnownKinds) =>
  `${decorationLabel(c.type, kinds)}${c.text ? ` "${c.text}"` : ''} (${POSITION_LABELS[c.position].toLowerCase()})`;

const tone: Record<QuoteStatus, string> = {
  requested: 'bg-amber-500/15 text-amber-200 ring-amber-400/40',
  sent: 'bg-sky-500/15 text-sky-200 ring-sky-400/40',
  accepted: 'bg-emerald-500/15 text-emerald-200 ring-emerald-400/40',
  declined: 'bg-gray-500/15 text-gray-200 ring-gray-400/40',
  expired: 'bg-red-500/15 text-red-200 ring-red-400/40',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${tone[status]}`}
      data-testid="quote-status"
    >
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}

/** The quote's lines as the customer reads them: garment, size, decorations, quantity, price each and line total. */
export function QuoteLines({ quote }: { quote: QuoteDetail }) {
  const kinds = useDecorationKinds();
  return (
    <ul className="divide-y divide-gray-800" aria-label="Quoted items" data-testid="quote-lines">
      {quote.lines.map((l) => (
        <li key={l.id} className="flex flex-wrap justify-between gap-2 py-2.5 text-sm">
          <div className="min-w-0">
            <p className="font-medium text-white">
              {l.quantity} x {l.product_name}, size {l.size}
            </p>
            {l.customizations.length ? (
              <p className="text-gray-400">{l.customizations.map((c) => decorationText(c, kinds)).join(', ')}</p>
            ) : null}
            <p className="text-gray-400">{formatUsd(l.unit_price)} each</p>
          </div>
          <p className="font-medium text-white tabular-nums">{formatUsd(l.total_price)}</p>
        </li>
      ))}
    </ul>
  );
}
