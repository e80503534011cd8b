import { mergeKey, type Customization } from '../../shared/cart';
import type { Language } from '../../shared/languages';
import { formatMoneyIn } from '../../shared/locale-format';
import { toDollars } from '../../shared/money';
import { mailWords } from '../mail/i18n';
import { customizationText } from '../orders';

// A staff edit told in words for the timeline and the customer's e-mail, e.g.
// "Station Polo - Navy L: quantity 2 -> 3; added Duty Tee - Black M x1; total $72.00 -> $96.50". The timeline's are
// English (staff read them); the customer's e-mail tells them in the customer's language.

export type DescribedLine = {
  productId: number;
  productName: string;
  size: string;
  quantity: number;
  customizations: Customization[];
};

const keyOf = (l: DescribedLine) => mergeKey(l.productId, l.size, l.customizations);
const extras = (l: DescribedLine, language?: Language) =>
  l.customizations.length
    ? l.customizations.map((c) => customizationText(c, language)).join(', ')
    : mailWords(language)('changes.none');
export const named = (l: DescribedLine, language?: Language) =>
  `${l.productName} ${l.size} x${l.quantity}${l.customizations.length ? ` (${extras(l, language)})` : ''}`;

function changed(before: DescribedLine, after: DescribedLine, language?: Language): string {
  const t = mailWords(language);
  const [was, now] = [extras(before, language), extras(after, language)];
  const parts = [
    before.size !== after.size ? t('changes.size', { from: before.size, to: after.size }) : null,
    before.quantity !== after.quantity ? t('changes.quantity', { from: before.quantity, to: after.quantity }) : null,
    was !== now ? t('changes.customizations', { from: was, to: now }) : null,
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
export function lineChanges(before: DescribedLine[], after: DescribedLine[], language?: Language): string[] {
  const t = mailWords(language);
  const oldPool = [...before];
  const out: string[] = [];
  const unmatched: DescribedLine[] = [];
  for (const line of after) {
    const same = take(oldPool, (o) => keyOf(o) === keyOf(line));
    if (!same) unmatched.push(line);
    else if (same.quantity !== line.quantity) out.push(changed(same, line, language));
  }
  const added: DescribedLine[] = [];
  for (const line of unmatched) {
    const same = take(oldPool, (o) => o.productId === line.productId);
    if (same) out.push(changed(same, line, language));
    else added.push(line);
  }
  return [
    ...out,
    ...oldPool.map((l) => t('changes.removed', { line: named(l, language) })),
    ...added.map((l) => t('changes.added', { line: named(l, language) })),
  ];
}

export function editDetails(
  changes: string[],
  totalBeforeCents: number,
  totalAfterCents: number,
  language?: Language,
): string {
  const money = (cents: number) => formatMoneyIn(language ?? 'en', toDollars(cents));
  const total = mailWords(language)('changes.total', { from: money(totalBeforeCents), to: money(totalAfterCents) });
  return [...changes, total].join('; ');
}
