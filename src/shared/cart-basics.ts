// The cart's rules that need no Zod: customisation types and labels, the line pricing rule, image URLs and the
// local repricing the web client does before the server answers. The store screen imports this module, not
// cart.ts, so its first paint does not wait for Zod (~25 kB gzip); cart.ts re-exports all of it with the schemas.
import type { Cart, CartItem } from './cart';
import { toCents, toDollars } from './money';

// Customisations (docs/product.md#customisations): at most one of each kind, each on a position the kind and the
// product take; the two flag patches cannot share a side; the name may share a side with a patch. Kinds are rows
// (decoration_kinds): SPEC's three below are seeded, admins add more, named by their key.
export const CUSTOMIZATION_TYPES = ['add_name', 'us_flag', 'az_flag'] as const;
export type CustomizationType = (typeof CUSTOMIZATION_TYPES)[number];
/** A decoration kind's key: one of SPEC's three or a kind an admin added. */
export type DecorationKey = string;
// left_side/right_side are the wearer's chest or sleeve; caps take a name on the front, pants on a leg. The same keys
// are the decoration_positions rows (their labels below are the seeded ones).
export const POSITIONS = [
  'left_side',
  'right_side',
  'left_chest',
  'right_chest',
  'left_sleeve',
  'right_sleeve',
  'back',
  'front',
  'left_leg',
  'right_leg',
] as const;
export type Position = (typeof POSITIONS)[number];
export const CUSTOMIZATION_LABELS: Record<CustomizationType, string> = {
  add_name: 'Embroidered name',
  us_flag: 'US flag patch',
  az_flag: 'Arizona flag patch',
};
export const POSITION_LABELS: Record<Position, string> = {
  left_side: 'Left',
  right_side: 'Right',
  left_chest: 'Left chest',
  right_chest: 'Right chest',
  left_sleeve: 'Left sleeve',
  right_sleeve: 'Right sleeve',
  back: 'Back',
  front: 'Front',
  left_leg: 'Left leg',
  right_leg: 'Right leg',
};
/** The decoration as a sentence names it: "does not take a US flag patch". */
const CUSTOMIZATION_WORDS: Record<CustomizationType, string> = {
  add_name: 'an embroidered name',
  us_flag: 'a US flag patch',
  az_flag: 'an Arizona flag patch',
};

/** The kinds a screen or a message knows besides SPEC's three: key and label, as GET /decorations lists them. */
export type KnownKinds = readonly { key: string; label: string }[];

export const isSpecKind = (key: string): key is CustomizationType =>
  (CUSTOMIZATION_TYPES as readonly string[]).includes(key);

/** A kind's label: the row's (when the caller has the rows), else SPEC's, else the key made readable. */
export function decorationLabel(key: DecorationKey, kinds?: KnownKinds): string {
  const row = kinds?.find((k) => k.key === key);
  if (row) return row.label;
  return isSpecKind(key) ? CUSTOMIZATION_LABELS[key] : key.replace(/_/g, ' ');
}

const decorationWords = (key: DecorationKey, kinds?: KnownKinds) => {
  if (isSpecKind(key)) return CUSTOMIZATION_WORDS[key];
  const label = decorationLabel(key, kinds).toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
};

/** "the left side", "the front", "the left leg": a position as a sentence names it. */
export const positionPhrase = (p: Position) =>
  p === 'left_side' || p === 'right_side'
    ? `the ${POSITION_LABELS[p].toLowerCase()} side`
    : `the ${POSITION_LABELS[p].toLowerCase()}`;

/** Why a product refuses a decoration: the kind it never takes, or the position it does not take it on. */
function notTakenMessage(
  productName: string,
  type: DecorationKey,
  position: Position,
  kindTaken: boolean,
  kinds?: KnownKinds,
) {
  if (!kindTaken) return `${productName} does not take ${decorationWords(type, kinds)}`;
  return `${productName} does not take ${decorationWords(type, kinds)} on ${positionPhrase(position)}`;
}

/** A product's allowed decorations: each kind it takes and the positions it takes it on. */
export type AllowedCustomizations = readonly { type: DecorationKey; sides: readonly Position[] }[];

/**
 * The positions an editor offers for a kind: those the product takes, plus the one a line already has (an order
 * placed before staff narrowed the product stays readable). Without a rule every position is offered.
 */
export function offeredPositions(
  allowed: AllowedCustomizations | undefined,
  type: DecorationKey,
  current?: Position,
): Position[] {
  const taken = allowed ? (allowed.find((a) => a.type === type)?.sides ?? []) : POSITIONS;
  return POSITIONS.filter((p) => taken.includes(p) || p === current);
}

/**
 * Where a garment takes a logo: the positions of its own `logo` entry when it has one, else every position it takes
 * any decoration on (a polo that takes a name on the left takes a logo there too).
 */
export function logoPositions(allowed: AllowedCustomizations): Position[] {
  const own = allowed.find((a) => a.type === 'logo');
  const taken = own ? own.sides : allowed.flatMap((a) => a.sides);
  return POSITIONS.filter((p) => taken.includes(p));
}

/** The first decoration the product does not take as asked, with its message, or null when all are taken. */
export function refusedCustomization(
  productName: string,
  allowed: AllowedCustomizations,
  list: readonly { type: DecorationKey; position: Position }[],
  kinds?: KnownKinds,
): { type: DecorationKey; message: string } | null {
  for (const c of list) {
    if (c.type === 'logo') {
      if (!logoPositions(allowed).includes(c.position))
        return { type: c.type, message: `${productName} does not take a logo on ${positionPhrase(c.position)}` };
      continue;
    }
    const rule = allowed.find((a) => a.type === c.type);
    if (!rule?.sides.includes(c.position))
      return { type: c.type, message: notTakenMessage(productName, c.type, c.position, Boolean(rule), kinds) };
  }
  return null;
}

export const NAME_TEXT_MAX = 20;

/** A logo (type `logo`) also names the customer's artwork (docs/product.md#logos-on-garments). */
export type Customization = { type: DecorationKey; position: Position; text: string | null; artwork_id?: number };

/** The price of one piece of each decoration kind, in cents, by kind key (decoration_kinds' price rules). */
export type CustomizationCosts = Readonly<Record<DecorationKey, number>>;

/** The per-kind prices of a settings answer (dollars), in cents. */
export const costsFromSettings = (s: {
  name_cost: number;
  us_flag_cost: number;
  az_flag_cost: number;
}): CustomizationCosts => ({
  add_name: toCents(s.name_cost),
  us_flag: toCents(s.us_flag_cost),
  az_flag: toCents(s.az_flag_cost),
});

/** What one unit's decorations cost: each kind at its own price. */
export const customizationsCost = (list: readonly { type: DecorationKey }[], costs: CustomizationCosts) =>
  list.reduce((n, c) => n + (costs[c.type] ?? 0), 0);

/** SPEC's kinds first in their order, then added kinds by key: one stored order, so equal sets merge. */
const kindRank = (key: DecorationKey) =>
  isSpecKind(key) ? CUSTOMIZATION_TYPES.indexOf(key) : CUSTOMIZATION_TYPES.length;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const sortCustomizations = <C extends Customization>(list: C[]): C[] =>
  [...list].sort(
    (a, b) =>
      kindRank(a.type) - kindRank(b.type) ||
      byText(a.type, b.type) ||
      byText(a.position, b.position) ||
      (a.artwork_id ?? 0) - (b.artwork_id ?? 0),
  );

/** Lines merge when product, size and the set of customisations are equal (docs/product.md#customisations). */
export const mergeKey = (productId: number, size: string, customizations: Customization[]) =>
  `${productId}|${size}|${sortCustomizations(customizations)
    .map((c) => `${c.type}:${c.position}:${c.text ?? ''}${c.artwork_id ? `:${c.artwork_id}` : ''}`)
    .join(',')}`;

export type PricedLine = {
  unitBaseCents: number;
  unitCustomizationCents: number;
  quantity: number;
  totalCents: number;
};

/** The one pricing rule. Its inputs come from the product row and the settings row, never from a request body. */
export function priceLine(opts: {
  basePriceCents: number;
  sizeUpchargeCents: number;
  /** The unit's decorations, each kind at its own price (`customizationsCost`). */
  unitCustomizationCents: number;
  quantity: number;
}): PricedLine {
  const unitBaseCents = opts.basePriceCents + opts.sizeUpchargeCents;
  const unitCustomizationCents = opts.unitCustomizationCents;
  return {
    unitBaseCents,
    unitCustomizationCents,
    quantity: opts.quantity,
    totalCents: (unitBaseCents + unitCustomizationCents) * opts.quantity,
  };
}

/** Product image URL (docs/product.md#catalogue): image_base, -front/-back for multi-image products, then -{size}x{size}.webp. */
export const productImageUrl = (imageBase: string, size: 250 | 500 | 1000, side?: 'front' | 'back') =>
  `${imageBase}${side ? `-${side}` : ''}-${size}x${size}.webp`;

export const emptyCart = (taxRate: number): Cart => ({
  items: [],
  item_count: 0,
  subtotal: 0,
  adjustments: [],
  tax_rate: taxRate,
  tax_amount: 0,
  total: 0,
  break_hints: [],
});

/** A cart after a local change: `repricing` until the server's answer (with its adjustments) replaces it. */
export type RepricedCart = Cart & { repricing?: true };

/**
 * Reprices the lines and the subtotal after a local (optimistic) change with the one line rule. Tax, exemptions,
 * shipping and the total are the server's: they keep their last answer, marked as being recomputed.
 */
export function repriceCart(items: CartItem[], previous: Cart): RepricedCart {
  const lines = items.map((i) => ({
    item: i,
    line: priceLine({
      basePriceCents: toCents(i.unit_base_price),
      sizeUpchargeCents: 0,
      unitCustomizationCents: toCents(i.unit_customization_price),
      quantity: i.quantity,
    }),
  }));
  return {
    ...previous,
    items: lines.map(({ item, line }) => ({ ...item, total_price: toDollars(line.totalCents) })),
    item_count: lines.reduce((n, l) => n + l.line.quantity, 0),
    subtotal: toDollars(lines.reduce((n, l) => n + l.line.totalCents, 0)),
    repricing: true,
  };
}

/** Turns a stored list back into the docs/architecture.md#the-api object form, used to refill the dialog when a line is edited. */
export function toObjectForm(list: readonly Customization[]) {
  const out: Partial<Record<CustomizationType, { enabled: true; position: Position; text?: string }>> & {
    decorations?: { kind: DecorationKey; position: Position; text?: string }[];
    logos?: { artwork_id: number; position: Position }[];
  } = {};
  for (const c of list) {
    if (c.type === 'logo' && c.artwork_id) {
      (out.logos ??= []).push({ artwork_id: c.artwork_id, position: c.position });
      continue;
    }
    if (!isSpecKind(c.type)) {
      (out.decorations ??= []).push(
        c.text ? { kind: c.type, position: c.position, text: c.text } : { kind: c.type, position: c.position },
      );
      continue;
    }
    out[c.type] =
      c.type === 'add_name'
        ? { enabled: true, position: c.position, text: c.text ?? '' }
        : { enabled: true, position: c.position };
  }
  return out;
}
