// Search and filters over the catalogue (docs/product.md#catalogue): the store's URL query (?q=&category=&colour=
// &decoration=) read into one filter, and the garments it keeps. The catalogue is tens of garments and the store
// already holds all of it, so filtering runs in the browser, without a request per keystroke.
import type { Product } from './cart-catalog';
import {
  CUSTOMIZATION_LABELS,
  decorationLabel,
  isSpecKind,
  POSITION_LABELS,
  type CustomizationType,
  type KnownKinds,
} from './cart-basics';
import { categoryLabel } from './category-labels';
import { answersSearch, searchTerms, type SynonymGroup } from './search-words';

/** The decorations as the URL names them (short, readable in a shared link). */
export const DECORATION_KEYS = {
  name: 'add_name',
  'us-flag': 'us_flag',
  'az-flag': 'az_flag',
} as const satisfies Record<string, CustomizationType>;
export type DecorationKey = keyof typeof DECORATION_KEYS;
export const DECORATION_OPTIONS = (Object.keys(DECORATION_KEYS) as DecorationKey[]).map((key) => ({
  key,
  label: CUSTOMIZATION_LABELS[DECORATION_KEYS[key]],
}));

/** SPEC's three and the kinds an admin added, by their own key (GET /decorations), for the decoration filter. */
export const decorationOptions = (kinds: KnownKinds = []): { key: string; label: string }[] => [
  ...DECORATION_OPTIONS,
  ...kinds.filter((k) => !isSpecKind(k.key)).map((k) => ({ key: k.key, label: k.label })),
];

const kindOf = (decoration: string) =>
  decoration in DECORATION_KEYS ? DECORATION_KEYS[decoration as DecorationKey] : decoration;

/** `decoration`: a URL key of SPEC's three (name, us-flag, az-flag) or an added kind's key, or '' for any. */
export type CatalogueFilter = { q: string; category: string; colour: string; decoration: string };
export const NO_FILTER: CatalogueFilter = { q: '', category: '', colour: '', decoration: '' };
const FIELDS = ['q', 'category', 'colour', 'decoration'] as const;

/** A colour as the URL names it: "Heather Gray" is heather-gray. */
export const colourKey = (colour: string) =>
  colour
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The filter a URL asks for; an unknown decoration is ignored rather than emptying the store. `kinds`: the shop's
 * kinds (GET /decorations), whose added ones the URL names by their key.
 */
export function readFilter(params: URLSearchParams, kinds: KnownKinds = []): CatalogueFilter {
  const decoration = params.get('decoration') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    category: params.get('category') ?? '',
    colour: params.get('colour') ?? '',
    decoration:
      decoration in DECORATION_KEYS || (!isSpecKind(decoration) && kinds.some((k) => k.key === decoration))
        ? decoration
        : '',
  };
}

/** The URL query for a filter: only the fields in use, so a plain /store stays plain. */
export function filterParams(filter: CatalogueFilter, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(keep);
  for (const field of FIELDS) {
    const value = filter[field].trim();
    if (value) params.set(field, field === 'q' ? filter[field] : value);
    else params.delete(field);
  }
  return params;
}

export const isFiltered = (f: CatalogueFilter) => FIELDS.some((field) => f[field].trim() !== '');

const takes = (p: Product, type: string) => p.customizations.some((c) => c.type === type && c.sides.length);

/** What the search words are looked up in: the garment's name, its category and its colours. */
const haystack = (variants: Product[]) =>
  [variants[0]!.base_name, categoryLabel(variants[0]!.category), ...variants.map((v) => v.color)].join(' ');

export type Shown = { variants: Product[]; /** The colour to show first: the one asked for, if any. */ match: Product };

/**
 * The garments (groups of colour variants, as the store's cards are) the filter keeps, in catalogue order. Every
 * search word must be found, in the trade's words (`synonyms`, and a typo forgiven: shared/search-words.ts); a
 * colour keeps the garments made in it and shows that colour first.
 */
export function filterGarments(groups: Product[][], filter: CatalogueFilter, synonyms: SynonymGroup[] = []): Shown[] {
  const terms = searchTerms(filter.q, synonyms, groups.map(haystack));
  const shown: Shown[] = [];
  for (const variants of groups) {
    const first = variants[0]!;
    if (filter.category && first.category !== filter.category) continue;
    const inColour = filter.colour ? variants.filter((v) => colourKey(v.color) === filter.colour) : variants;
    if (!inColour.length) continue;
    if (filter.decoration && !takes(first, kindOf(filter.decoration))) continue;
    if (!answersSearch(haystack(variants), terms)) continue;
    shown.push({ variants, match: inColour[0]! });
  }
  return shown;
}

/** Every colour of the catalogue once, in catalogue order, for the colour filter. */
export function colourOptions(products: Product[]): { key: string; label: string; hex: string }[] {
  const seen = new Map<string, { key: string; label: string; hex: string }>();
  for (const p of products)
    if (!seen.has(colourKey(p.color)))
      seen.set(colourKey(p.color), { key: colourKey(p.color), label: p.color, hex: p.color_hex });
  return [...seen.values()];
}

/** The decorations a garment takes, in words for a shopper: "Embroidered name" on "left or right side". */
export function decorationWords(
  p: Pick<Product, 'customizations'>,
  kinds?: KnownKinds,
): { label: string; where: string }[] {
  return p.customizations
    .filter((c) => c.sides.length > 0)
    .map((c) => ({
      label: decorationLabel(c.type, kinds),
      where: c.sides.every((s) => s === 'left_side' || s === 'right_side')
        ? `${c.sides.map((s) => POSITION_LABELS[s].toLowerCase()).join(' or ')} side`
        : c.sides.map((s) => POSITION_LABELS[s].toLowerCase()).join(' or '),
    }));
}

/** The lowest price of a garment's colours: what the card says it starts "from" (bigger sizes may cost more). */
export const fromPrice = (variants: Pick<Product, 'price'>[]) => Math.min(...variants.map((v) => v.price));
