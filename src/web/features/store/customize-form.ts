import {
  addCartItemSchema,
  logoPositions,
  type Customization,
  type CustomizationType,
  type Position,
} from '@shared/cart';
import type { Product } from '@shared/cart-catalog';

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
  }
  return s;
};

export const requestBody = (product: Product, s: CustomizeState) => ({
  product_id: product.id,
  size: s.size,
  quantity: s.quantity,
  customizations: {
    add_name: { enabled: s.add_name.enabled, position: s.add_name.position, text: s.add_name.text },
    us_flag: s.us_flag,
    az_flag: s.az_flag,
    logos: s.logo.artwork_id ? [{ artwork_id: s.logo.artwork_id, position: s.logo.position }] : [],
  },
});

export type FieldErrors = Partial<Record<'size' | 'quantity' | CustomizationType | 'logo' | 'form', string>>;

/** Parses with the shared schema; messages land on the dialog's fields. */
export function validate(
  product: Product,
  s: CustomizeState,
): { ok: true; customizations: Customization[] } | { ok: false; errors: FieldErrors } {
  const r = addCartItemSchema.safeParse(requestBody(product, s));
  if (r.success) return { ok: true, customizations: r.data.customizations };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const [head, type] = issue.path.map(String);
    const key =
      head === 'customizations' && (type === 'add_name' || type === 'us_flag' || type === 'az_flag')
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
];
