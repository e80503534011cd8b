import { totals, type Cart } from '../../shared/cart';
import { toDollars } from '../../shared/money';
import type { CartView } from './service';

/** The SPEC §3 server form of a cart, money in dollars computed from cents. */
export function cartDto(view: CartView): Cart {
  const t = totals(view.lines, view.taxRate);
  const cost = toDollars(view.customizationCostCents);
  return {
    items: view.lines.map((l) => ({
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
      product_available: l.productActive,
      customizations: l.customizations.map((c) => ({ type: c.type, position: c.position, text: c.text, cost, enabled: true as const })),
    })),
    item_count: t.itemCount,
    subtotal: toDollars(t.subtotalCents),
    tax_rate: view.taxRate,
    tax_amount: toDollars(t.taxCents),
    total: toDollars(t.totalCents),
  };
}
