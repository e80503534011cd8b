import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import type { Cart, CartItem } from '@shared/cart';
import {
  costsFromSettings,
  decorationLabel,
  customizationsCost,
  priceLine,
  repriceCart,
  toObjectForm,
  type Customization,
  type CustomizationCosts,
} from '@shared/cart-basics';
import { toCents, toDollars } from '@shared/money';
import { DEFAULT_SETTINGS } from '@shared/constants';
import type { Settings } from '@shared/settings';
import { errorText, apiPost } from '@web/lib/api';
import { DECORATION_KINDS_KEY, type OfferedKind } from '@web/lib/use-decoration-kinds';
import { markCartChanged } from './cart-activity';
import { CART_KEY } from './cart-keys';
import { SETTINGS_KEY } from './use-settings';

/** What the local (optimistic) line needs to look right until the server's priced cart arrives. */
export type AddToCartInput = {
  product: { id: number; name: string; slug: string; is_multi_image: boolean; image_base: string; price: number };
  size: string;
  sizeUpcharge: number;
  quantity: number;
  customizations: Customization[];
};

let tempId = -1;

function localAdd(cart: Cart, input: AddToCartInput, costs: CustomizationCosts, kinds: readonly OfferedKind[]): Cart {
  const same = (i: CartItem) =>
    i.product_id === input.product.id &&
    i.size === input.size &&
    JSON.stringify(i.customizations.map((c) => [c.type, c.position, c.text])) ===
      JSON.stringify(input.customizations.map((c) => [c.type, c.position, c.text]));
  const existing = cart.items.find(same);
  // The one line rule, in cents, as the server will price it; the server's answer replaces this line anyway.
  const line = priceLine({
    basePriceCents: toCents(input.product.price),
    sizeUpchargeCents: toCents(input.sizeUpcharge),
    unitCustomizationCents: customizationsCost(input.customizations, costs),
    quantity: input.quantity,
  });
  const items = existing
    ? cart.items.map((i) => (i === existing ? { ...i, quantity: i.quantity + input.quantity } : i))
    : [
        ...cart.items,
        {
          id: tempId--,
          product_id: input.product.id,
          product_name: input.product.name,
          product_slug: input.product.slug,
          size: input.size,
          unit_base_price: toDollars(line.unitBaseCents),
          unit_customization_price: toDollars(line.unitCustomizationCents),
          total_price: toDollars(line.totalCents),
          quantity: input.quantity,
          product_is_multi_image: input.product.is_multi_image,
          product_image_base: input.product.image_base,
          product_available: true,
          unavailable_reason: null,
          needs_fix: null,
          price_changed: false,
          previous_unit_price: null,
          customizations: input.customizations.map((c) => ({
            ...c,
            label: decorationLabel(c.type, kinds),
            cost: toDollars(costs[c.type] ?? 0),
            enabled: true as const,
          })),
        },
      ];
  return repriceCart(items, cart);
}

/** POST /cart/items: the line shows at once, then the server's priced cart replaces it. */
export function useAddToCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: CART_KEY,
    mutationFn: (input: AddToCartInput) =>
      apiPost('/cart/items', {
        product_id: input.product.id,
        size: input.size,
        quantity: input.quantity,
        customizations: toObjectForm(input.customizations),
      }),
    onMutate: async (input) => {
      markCartChanged();
      await qc.cancelQueries({ queryKey: CART_KEY });
      const before = qc.getQueryData<Cart>(CART_KEY);
      // See docs/product.md#constants: the client assumes the settings' price per kind (6 by default) when adding locally.
      // A kind an admin added is priced from its row, as the customiser showed it.
      const kinds = qc.getQueryData<OfferedKind[]>(DECORATION_KINDS_KEY) ?? [];
      const costs = {
        ...Object.fromEntries(kinds.map((k) => [k.key, toCents(k.price)])),
        ...costsFromSettings(qc.getQueryData<Settings>(SETTINGS_KEY) ?? DEFAULT_SETTINGS),
      };
      if (before) qc.setQueryData(CART_KEY, localAdd(before, input, costs, kinds));
      return { before };
    },
    onSuccess: (res) => {
      qc.setQueryData(CART_KEY, res.cart);
    },
    onError: (err, _input, ctx) => {
      if (ctx?.before) qc.setQueryData(CART_KEY, ctx.before);
      void qc.invalidateQueries({ queryKey: CART_KEY });
      toast.error(errorText(err, 'Failed to add item to cart'));
    },
  });
}
