import { decorationLabel, POSITION_LABELS, productImageUrl } from '@shared/cart';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '@shared/orders';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';

type Line = Pick<
  OrderItem,
  | 'product_name'
  | 'product_image_base'
  | 'product_is_multi_image'
  | 'size'
  | 'quantity'
  | 'unit_base_price'
  | 'unit_customization_price'
  | 'total_price'
> & {
  id: number | string;
  customizations: {
    type: OrderItem['customizations'][number]['type'];
    position: OrderItem['customizations'][number]['position'];
    text: string | null;
    label?: string;
    artwork_id?: number;
    estimated?: boolean;
    /** Staff answers: the logo's proof as the floor sews it. */
    logo?: { stitches: number | null; thread_colours: string[]; approved: boolean };
  }[];
};

/** A logo's proof in words for staff: its stitches and threads, or that the customer has not approved it yet. */
const logoFacts = (c: Line['customizations'][number], words: (english: string) => string) => {
  if (c.logo)
    return [
      c.logo.stitches === null ? 'no proof yet' : `${c.logo.stitches.toLocaleString('en-US')} stitches`,
      ...(c.logo.thread_colours.length ? [c.logo.thread_colours.join(', ')] : []),
      ...(c.logo.approved ? [] : ['proof not approved yet']),
    ].join(' · ');
  return c.estimated ? words('price confirmed with the proof') : '';
};

/** `words` puts the shared English (kinds, sides) in the screen's language; staff screens keep it English. */
export const customizationLabel = (
  c: Line['customizations'][number],
  words: (english: string) => string = (english) => english,
) => {
  const facts = c.artwork_id ? logoFacts(c, words) : '';
  return `${words(c.label ?? decorationLabel(c.type))}${c.text ? ` “${c.text}”` : ''} · ${words(POSITION_LABELS[c.position])}${facts ? ` · ${facts}` : ''}`;
};

/** Order or cart lines with their customisations and prices (frozen prices for orders). */
export function OrderLines({ items }: { items: Line[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  return (
    <ul className="divide-y divide-gray-800" data-testid="order-lines">
      {items.map((i) => (
        <li key={i.id} data-testid="order-line" className="flex gap-3 py-3">
          <div className="h-14 w-14 shrink-0 overflow-hidden rounded-md bg-gray-800">
            <img
              src={productImageUrl(i.product_image_base, 250, i.product_is_multi_image ? 'front' : undefined)}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              // A missing picture leaves the grey tile rather than a broken-image icon.
              onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
              className="h-14 w-14 object-cover"
            />
          </div>
          <div className="min-w-0 flex-1">
            <div className="flex items-start justify-between gap-3">
              <p className="font-medium text-gray-100">{i.product_name}</p>
              <p className="shrink-0 font-semibold text-gray-100">{format.money(i.total_price)}</p>
            </div>
            <p className="text-sm text-gray-400">
              {t('lines.facts', { size: i.size, quantity: i.quantity, price: format.money(i.unit_base_price) })}
              {i.unit_customization_price > 0
                ? t('lines.customization', { price: format.money(i.unit_customization_price) })
                : ''}
              {t('lines.each')}
            </p>
            {i.customizations.length > 0 ? (
              <ul className="mt-1 flex flex-wrap gap-1.5">
                {i.customizations.map((c) => (
                  <li
                    key={`${c.type}-${c.position}-${c.artwork_id ?? ''}`}
                    className="rounded bg-gray-800 px-2 py-0.5 text-xs text-gray-300"
                  >
                    {customizationLabel(c, words)}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
