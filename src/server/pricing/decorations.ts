import { decorationLabel, type Customization } from '../../shared/cart-basics';
import { LOGO_KIND } from '../../shared/logos';
import { pricedLogo, type LinePrices } from './logos';
import type { StoredDecoration } from '../../shared/decorations';

export {
  decorationPrices,
  invalidateDecorationPrices,
  ruleCentsOf,
  type DecorationKindRow,
  type DecorationPrices,
} from '../settings';

/** A decoration as pricing charges it and an order line keeps it. */
export type PricedDecoration = StoredDecoration;

/** Each decoration of one unit at its kind's price, with the kind's label: what an order line keeps. */
export function pricedDecorations(list: readonly Customization[], prices: LinePrices): PricedDecoration[] {
  return list.map((c) =>
    c.type === LOGO_KIND
      ? pricedLogo(c, prices.logos)
      : {
          kind: c.type,
          label: decorationLabel(c.type, prices.kinds),
          position: c.position,
          text: c.text,
          unit_cents: prices.cents[c.type] ?? 0,
        },
  );
}

/** One decoration's unit price as its line stored it (0: the line has no such decoration). */
export const decorationCentsOf = (line: { decorations: readonly StoredDecoration[] }, kind: string): number =>
  line.decorations.find((d) => d.kind === kind)?.unit_cents ?? 0;
