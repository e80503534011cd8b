import {
  addCartItemSchema,
  isSpecKind,
  logoPositions,
  type Customization,
  type DecorationKey,
  type Position,
} from '@shared/cart';
import type { Product } from '@shared/cart-catalog';
import { KIND_MESSAGES } from '@shared/decorations';

// The dialog's state and its check against the shared schema (the same one the server applies).
export type Choice = { enabled: boolean; position: Position };
export type CustomizeState = {
  size: string;
  quantity: number;
  add_name: Choice & { text: string };
  us_flag: Choice;
  az_flag: Choice;
  /** One of the customer's artworks and where it goes; no artwork: no logo. */
  logo: { artwork_id: number | null; position: Position };
  /** Kinds an admin added (a department patch), by key: ticked, where, and the text of one that takes text. */
  added: Record<DecorationKey, Choice & { text: string }>;
};

/** What the form needs of a kind an admin added (GET /decorations): its label and whether it takes a text. */
export type AddedKind = { key: string; label: string; takes_text: boolean };

/** The kinds besides SPEC's three that this garment takes today, in the shop's order of kinds. */
export const addedKindsOf = <K extends { key: string }>(product: Product, kinds: readonly K[]): K[] =>
  kinds.filter((k) => !isSpecKind(k.key) && product.customizations.some((c) => c.type === k.key && c.sides.length));

/** An added kind's choice as it stands, or switched off on the first position the garment takes it on. */
export const addedChoice = (product: Pick<Product, 'customizations'>, s: CustomizeState, key: DecorationKey) =>
  s.added[key] ?? {
    enabled: false,
    position: product.customizations.find((c) => c.type === key)?.sides[0] ?? 'left_side',
    text: '',
  };

/**
 * No size is guessed: a garment made in one size has it, otherwise the customer's own earlier size of it or
 * nothing, and adding without one says "Choose a size".
 */
export const initialState = (product: Product, mySize?: string): CustomizeState => ({
  size: product.sizes.length === 1 ? product.sizes[0]!.label : (mySize ?? ''),
  quantity: 1,
  add_name: { enabled: false, position: 'left_side', text: '' },
  us_flag: { enabled: false, position: 'right_side' },
  az_flag: { enabled: false, position: 'left_side' },
  logo: { artwork_id: null, position: logoPositions(product.customizations)[0] ?? 'left_side' },
  added: {},
});

export const stateFromLine = (
  size: string,
  quantity: number,
  list: { type: string; position: Position; text: string | null; artwork_id?: number }[],
  product: Product,
): CustomizeState => {
  const s = initialState(product);
  s.size = size;
  s.quantity = quantity;
  for (const c of list) {
    if (c.type === 'add_name') s.add_name = { enabled: true, position: c.position, text: c.text ?? '' };
    else if (c.type === 'us_flag' || c.type === 'az_flag') s[c.type] = { enabled: true, position: c.position };
    else if (c.type === 'logo' && c.artwork_id) s.logo = { artwork_id: c.artwork_id, position: c.position };
    else if (c.type !== 'logo') s.added[c.type] = { enabled: true, position: c.position, text: c.text ?? '' };
  }
  return s;
};

/** The added kinds ticked, in the object form's `decorations` list (a text only when one was typed). */
const addedList = (s: CustomizeState) =>
  Object.entries(s.added)
    .filter(([, c]) => c.enabled)
    .map(([kind, c]) =>
      c.text.trim() ? { kind, position: c.position, text: c.text } : { kind, position: c.position },
    );

export const requestBody = (product: Product, s: CustomizeState) => {
  const decorations = addedList(s);
  return {
    product_id: product.id,
    size: s.size,
    quantity: s.quantity,
    customizations: {
      add_name: { enabled: s.add_name.enabled, position: s.add_name.position, text: s.add_name.text },
      us_flag: s.us_flag,
      az_flag: s.az_flag,
      // SPEC's body stays as it was when no added kind is ticked.
      ...(decorations.length ? { decorations } : {}),
      logos: s.logo.artwork_id ? [{ artwork_id: s.logo.artwork_id, position: s.logo.position }] : [],
    },
  };
};

/** Keyed by field: size, quantity, logo, form, or a kind's key (SPEC's three and the added ones). */
export type FieldErrors = Partial<Record<'size' | 'quantity' | 'logo' | 'form' | DecorationKey, string>>;

/**
 * Parses with the shared schema; messages land on the dialog's fields. `kinds` are the added kinds' rows: one that
 * takes a text is refused without one here, as the server would (KIND_MESSAGES).
 */
export function validate(
  product: Product,
  s: CustomizeState,
  kinds: readonly AddedKind[] = [],
): { ok: true; customizations: Customization[] } | { ok: false; errors: FieldErrors } {
  const r = addCartItemSchema.safeParse(requestBody(product, s));
  const errors: FieldErrors = {};
  for (const [key, c] of Object.entries(s.added)) {
    const kind = kinds.find((k) => k.key === key);
    if (c.enabled && kind?.takes_text && !c.text.trim()) errors[key] = KIND_MESSAGES.needsText(kind.label);
  }
  if (r.success && !Object.keys(errors).length) return { ok: true, customizations: r.data.customizations };
  for (const issue of r.success ? [] : r.error.issues) {
    const [head, type] = issue.path.map(String);
    const key =
      head === 'customizations' && type && (isSpecKind(type) || kinds.some((k) => k.key === type))
        ? type
        : head === 'customizations' && type === 'logos'
          ? 'logo'
          : head === 'size' || head === 'quantity'
            ? head
            : 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Live preview list: what is switched on, even before the name is valid. */
export const previewList = (s: CustomizeState): Customization[] => [
  ...(s.add_name.enabled
    ? [{ type: 'add_name' as const, position: s.add_name.position, text: s.add_name.text.trim() || null }]
    : []),
  ...(s.us_flag.enabled ? [{ type: 'us_flag' as const, position: s.us_flag.position, text: null }] : []),
  ...(s.az_flag.enabled ? [{ type: 'az_flag' as const, position: s.az_flag.position, text: null }] : []),
  ...Object.entries(s.added)
    .filter(([, c]) => c.enabled)
    .map(([type, c]) => ({ type, position: c.position, text: c.text.trim() || null })),
];
