import { useTranslation } from 'react-i18next';
import { decorationLabel, POSITION_LABELS, type KnownKinds } from '@shared/cart';
import { useDecorationKinds } from '@web/lib/use-decoration-kinds';
import type { QuoteDetail, QuoteStatus } from '@shared/quotes';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';

type QuoteDecoration = QuoteDetail['lines'][number]['customizations'][number];

/**
 * A decoration in words: its kind as the shop names it (SPEC's or an added kind's, from GET /decorations); `words`
 * puts the shared English in the screen's language.
 */
export const decorationText = (
  c: QuoteDecoration,
  kinds?: KnownKinds,
  words: (english: string) => string = (english) => english,
) =>
  `${words(decorationLabel(c.type, kinds))}${c.text ? ` "${c.text}"` : ''} (${words(POSITION_LABELS[c.position]).toLowerCase()})`;

const tone: Record<QuoteStatus, string> = {
  requested: 'bg-amber-500/15 text-amber-200 ring-amber-400/40',
  sent: 'bg-sky-500/15 text-sky-200 ring-sky-400/40',
  accepted: 'bg-emerald-500/15 text-emerald-200 ring-emerald-400/40',
  declined: 'bg-gray-500/15 text-gray-200 ring-gray-400/40',
  expired: 'bg-red-500/15 text-red-200 ring-red-400/40',
};

/** The status in the screen's language (staff screens: English, QUOTE_STATUS_LABELS' words). */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${tone[status]}`}
      data-testid="quote-status"
    >
      {t(`quotes.status.${status}`)}
    </span>
  );
}

/** The quote's lines as the customer reads them: garment, size, decorations, quantity, price each and line total. */
export function QuoteLines({ quote }: { quote: QuoteDetail }) {
  const kinds = useDecorationKinds();
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  return (
    <ul className="divide-y divide-gray-800" aria-label={t('quotes.quotedItems')} data-testid="quote-lines">
      {quote.lines.map((l) => (
        <li key={l.id} className="flex flex-wrap justify-between gap-2 py-2.5 text-sm">
          <div className="min-w-0">
            <p className="font-medium text-white">
              {t('quotes.line', { quantity: l.quantity, name: l.product_name, size: l.size })}
            </p>
            {l.customizations.length ? (
              <p className="text-gray-400">{l.customizations.map((c) => decorationText(c, kinds, words)).join(', ')}</p>
            ) : null}
            <p className="text-gray-400">{t('quotes.each', { price: format.money(l.unit_price) })}</p>
          </div>
          <p className="font-medium text-white tabular-nums">{format.money(l.total_price)}</p>
        </li>
      ))}
    </ul>
  );
}
