import type { Cart, CartItem, Position } from '../../shared/cart';
import type { Fulfillment } from '../../shared/orders';
import type { Quote } from '../../shared/quote';
import { toDollars } from '../../shared/money';
import { API_BASE } from '../../shared/constants';
import { outsideCatalogLine } from '../../shared/department-catalog';
import { adjustmentsDto, breakHints, type QuoteCents } from '../pricing';
import type { QuantityBreak } from '../../shared/quantity-breaks';
import type { CartLineView } from './service';

/** The unit price moved since the line was added (staff changed the catalogue or settings): the cart says so. */
function priceChange(l: CartLineView) {
  const now = l.unitBaseCents + l.unitCustomizationCents;
  const changed = l.unitCentsAtAdd !== null && l.unitCentsAtAdd !== now;
  return { price_changed: changed, previous_unit_price: changed ? toDollars(l.unitCentsAtAdd!) : null };
}

/** A cart line in the docs/architecture.md#the-api server form, money in dollars; the checkout quote lists the same items. */
export function cartItemDto(l: CartLineView): CartItem {
  return {
    id: l.id,
    product_id: l.productId,
    product_name: l.productName,
    product_slug: l.productSlug,
    size: l.size,
    unit_base_price: toDollars(l.unitBaseCents),
    unit_customization_price: toDollars(l.unitCustomizationCents),
    total_price: toDollars(l.totalCents),
    quantity: l.quantity,
    product_is_multi_image: l.isMultiImage,
    product_image_base: l.imageBase,
    product_available: l.productActive && !l.outsideCatalog,
    unavailable_reason: blockedReason(l),
    needs_fix: l.needsFix ?? null,
    ...priceChange(l),
    customizations: l.decorations.map((d) => ({
      type: d.kind,
      label: d.label,
      position: d.position as Position,
      text: d.text,
      cost: toDollars(d.unit_cents),
      enabled: true as const,
      ...(d.artwork_id
        ? {
            artwork_id: d.artwork_id,
            preview_url: `${API_BASE}/artwork/${d.artwork_id}/preview`,
            stitches: d.stitches,
            estimated: d.estimated,
          }
        : {}),
    })),
  };
}

/**
 * The cart as the pricing module quotes it for pickup: the sidebar's figures are the ones checkout starts from.
 * A cart has no fulfilment yet, so it lists no shipping line (pickup is free; checkout's quote adds shipping).
 */
export function cartDto(quote: QuoteCents<CartLineView>, shopBreaks: readonly QuantityBreak[] = []): Cart {
  return {
    items: quote.lines.map((l) => cartItemDto(l)),
    item_count: quote.itemCount,
    subtotal: toDollars(quote.subtotalCents),
    adjustments: adjustmentsDto(quote.adjustments.filter((a) => a.kind !== 'shipping')),
    tax_rate: quote.taxRatePpm / 1_000_000,
    tax_amount: toDollars(quote.taxCents),
    total: toDollars(quote.totalCents),
    break_hints: breakHints(quote.lines, shopBreaks),
  };
}

export const unavailableLine = (productName: string) =>
  `${productName} is no longer available. Remove it from your cart to continue.`;

/** Why checkout refuses the line, or null when it may be ordered. */
function blockedReason(l: CartLineView): string | null {
  if (!l.productActive) return unavailableLine(l.productName);
  if (l.outsideCatalog) return outsideCatalogLine(l.productName);
  return l.needsFix ?? null;
}

/** GET /checkout/quote: the cart priced for the chosen fulfilment, the figures POST /orders/ will charge. */
export function checkoutQuoteDto(
  quote: QuoteCents<CartLineView>,
  fulfillment: Fulfillment,
  shopBreaks: readonly QuantityBreak[] = [],
): Quote {
  const cart = cartDto(quote, shopBreaks);
  return {
    fulfillment,
    items: cart.items,
    item_count: cart.item_count,
    subtotal: cart.subtotal,
    adjustments: adjustmentsDto(quote.adjustments),
    tax_rate: cart.tax_rate,
    tax_amount: cart.tax_amount,
    shipping_cost: toDollars(quote.shippingCents),
    total: cart.total,
    break_hints: cart.break_hints,
    blocked: quote.lines.flatMap((l) => {
      const reason = blockedReason(l);
      return reason ? [{ item_id: l.id, reason }] : [];
    }),
  };
}
