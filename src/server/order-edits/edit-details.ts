import { mergeKey, type Customization } from '../../shared/cart';
import { formatUsd, toDollars } from '../../shared/money';
import { customizationText } from '../orders';

// A staff edit told in words for the timeline and the customer's e-mail, e.g.
// "Station Polo - Navy L: quantity 2 -> 3; added Duty Tee - Black M x1; total $72.00 -> $96.50".

export type DescribedLine = {
  productId: number;
  productName: string;
  size: string;
  quantity: number;
  customizations: Customization[];
};

const keyOf = (l: DescribedLine) => mergeKey(l.productId, l.size, l.customizations);
const extras = (l: DescribedLine) =>
  l.customizations.length ? l.customizations.map(customizationText).join(', ') : 'none';
export const named = (l: DescribedLine) =>
  `${l.productName} ${l.size} x${l.quantity}${l.customizations.length ? ` (${extras(l)})` : ''}`;

function changed(before: DescribedLine, after: DescribedLine): string {
  const parts = [
    before.size !== after.size ? `size ${before.size} -> ${after.size}` : null,
    before.quantity !== after.quantity ? `quantity ${before.quantity} -> ${after.quantity}` : null,
    extras(before) !== extras(after) ? `customizations ${extras(before)} -> ${extras(after)}` : null,
  ].filter(Boolean);
  return `${before.productName} ${before.size}: ${parts.join(', ')}`;
}

/** Takes the first line of `pool` that `match` accepts out of the pool. */
function take(pool: DescribedLine[], match: (l: DescribedLine) => boolean): DescribedLine | undefined {
  const i = pool.findIndex(match);
  return i < 0 ? undefined : pool.splice(i, 1)[0];
}

/**
 * What changed, line by line: the same product, size and customisations first (a quantity change), then the same
 * product (size or customisations changed), then what is left was removed or added. Empty when nothing changed.
 */
export function lineChanges(before: DescribedLine[], after: DescribedLine[]): string[] {
  const oldPool = [...before];
  const out: string[] = [];
  const unmatched: DescribedLine[] = [];
  for (const line of after) {
    const same = take(oldPool, (o) => keyOf(o) === keyOf(line));
    if (!same) unmatched.push(line);
    else if (same.quantity !== line.quantity) out.push(changed(same, line));
  }
  const added: DescribedLine[] = [];
  for (const line of unmatched) {
    const same = take(oldPool, (o) => o.productId === line.productId);
    if (same) out.push(changed(same, line));
    else added.push(line);
  }
  return [...out, ...oldPool.map((l) => `removed ${named(l)}`), ...added.map((l) => `added ${named(l)}`)];
}

export const editDetails = (changes: string[], totalBeforeCents: number, totalAfterCents: number) =>
  [...changes, `total ${formatUsd(toDollars(totalBeforeCents))} -> ${formatUsd(toDollars(totalAfterCents))}`].join(
    '; ',
  );
