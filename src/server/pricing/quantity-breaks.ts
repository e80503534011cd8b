import type { PricedLine } from '../../shared/cart';
import {
  breakFor,
  breakOffCents,
  breakText,
  nextBreak,
  type BreakHint,
  type QuantityBreak,
} from '../../shared/quantity-breaks';
import type { AdjustmentCents } from './quote';

/** What a line needs for quantity breaks: its garment (base name), that garment's base price and its own breaks. */
export type BreakGarment = {
  baseName: string;
  basePriceCents: number;
  /** The garment's own breaks; null: the shop's default. */
  breaks: QuantityBreak[] | null;
};

export type LineWithGarment = PricedLine & { garment?: BreakGarment | null };

/** A product row's garment facts as a priced line carries them. */
export const garmentOf = (p: {
  baseName: string;
  basePriceCents: number;
  quantityBreaks: QuantityBreak[] | null;
}): BreakGarment => ({ baseName: p.baseName, basePriceCents: p.basePriceCents, breaks: p.quantityBreaks });

type Group = { garment: BreakGarment; breaks: QuantityBreak[]; lines: LineWithGarment[]; count: number };

/** Lines grouped by garment (all colours and sizes together), each group with the breaks that apply to it. */
function groupsOf(lines: readonly LineWithGarment[], shopBreaks: readonly QuantityBreak[]): Group[] {
  const groups = new Map<string, Group>();
  for (const l of lines) {
    if (!l.garment) continue;
    let g = groups.get(l.garment.baseName);
    if (!g) {
      g = { garment: l.garment, breaks: [...(l.garment.breaks ?? shopBreaks)], lines: [], count: 0 };
      groups.set(l.garment.baseName, g);
    }
    g.lines.push(l);
    g.count += l.quantity;
  }
  return [...groups.values()];
}

/**
 * One negative adjustment per garment whose count reaches a break: each piece's garment price (base plus size) less
 * the break's price, times its quantity. Decorations are not discounted.
 */
export function quantityBreakAdjustments(
  lines: readonly LineWithGarment[],
  shopBreaks: readonly QuantityBreak[],
): AdjustmentCents[] {
  return groupsOf(lines, shopBreaks).flatMap((g) => {
    const b = breakFor(g.breaks, g.count);
    if (!b) return [];
    const off = g.lines.reduce(
      (sum, l) => sum + breakOffCents(b, l.unitBaseCents, g.garment.basePriceCents) * l.quantity,
      0,
    );
    if (off === 0) return [];
    return [
      {
        kind: 'quantity_break' as const,
        label: `${g.garment.baseName} x ${g.count}, ${breakText(b, g.garment.basePriceCents)}`,
        amountCents: -off,
      },
    ];
  });
}

/** Per garment: the break the cart has and how many more pieces reach the next (the cart's hint). */
export function breakHints(lines: readonly LineWithGarment[], shopBreaks: readonly QuantityBreak[]): BreakHint[] {
  return groupsOf(lines, shopBreaks).flatMap((g) => {
    const applied = breakFor(g.breaks, g.count);
    const next = nextBreak(g.breaks, g.count);
    if (!applied && !next) return [];
    const price = g.garment.basePriceCents;
    return [
      {
        base_name: g.garment.baseName,
        quantity: g.count,
        applied: applied ? breakText(applied, price) : null,
        next: next
          ? `Add ${next.minQuantity - g.count} more for ${breakText(next, price).replace(/^\d+ or more: /, '')}`
          : null,
      },
    ];
  });
}

/**
 * The lines with each garment's break taken into its unit price, for a price quote made from them: the quote's
 * garment price is the price (no break is applied on top of it), so a cart's break moves into the price it is
 * copied at. Per piece the same cents as the break's adjustment, so the quote's total is the cart's to the cent.
 */
export function withBreaksInUnitPrice<L extends LineWithGarment>(
  lines: readonly L[],
  shopBreaks: readonly QuantityBreak[],
): L[] {
  const off = new Map<L, number>();
  for (const g of groupsOf(lines, shopBreaks)) {
    const b = breakFor(g.breaks, g.count);
    if (b) for (const l of g.lines) off.set(l as L, breakOffCents(b, l.unitBaseCents, g.garment.basePriceCents));
  }
  return lines.map((l) => {
    const cents = off.get(l) ?? 0;
    return cents === 0
      ? l
      : { ...l, unitBaseCents: l.unitBaseCents - cents, totalCents: l.totalCents - cents * l.quantity };
  });
}
