import { inArray } from 'drizzle-orm';
import { mergeKey, refusedCustomization, type Customization } from '../../shared/cart';
import { refusedKind, takenNow } from '../../shared/decorations';
import { QUANTITY_MAX } from '../../shared/constants';
import type { OrderItemInput } from '../../shared/orders';
import type { Executor } from '../db/client';
import { products } from '../db/schema';
import { badRequest } from '../http/errors';
import { garmentOf, priceProductLine, withLogos, type DecorationPrices, type LogoOwner } from '../pricing';
import { LOGO_KIND, LOGO_MESSAGES } from '../../shared/logos';
import type { OrderLineInput } from './place-order';

const decorationKey = (productId: number, customizations: Customization[]) => mergeKey(productId, '', customizations);

export type Item = { productId: number; size: string; quantity: number; customizations: Customization[] };

export const itemsFromInput = (items: OrderItemInput[]): Item[] =>
  items.map((i) => ({
    productId: i.product_id,
    size: i.size,
    quantity: i.quantity,
    customizations: i.customizations,
  }));

/**
 * Prices lines at today's products and settings (a modified or staff-edited order is priced anew). Equal lines
 * merge as in the cart; a refusal names the request line it came from.
 */
export async function priceItems(
  db: Executor,
  items: Item[],
  kindPrices: DecorationPrices,
  onOrder: readonly { productId: number; customizations: Customization[] }[] = [],
  owner?: LogoOwner,
): Promise<OrderLineInput[]> {
  const withLogo = items.some((i) => i.customizations.some((c) => c.type === LOGO_KIND));
  // A logo is priced for the customer whose artwork it is; a path that names no customer takes none.
  if (withLogo && !owner)
    throw badRequest(LOGO_MESSAGES.artworkNotFound, [{ field: 'items', message: LOGO_MESSAGES.artworkNotFound }]);
  const prices = owner
    ? await withLogos(
        db,
        kindPrices,
        items.map((i) => i.customizations),
        owner,
      )
    : kindPrices;
  const kept = new Set(onOrder.map((l) => decorationKey(l.productId, l.customizations)));
  const merged = new Map<string, Item & { index: number }>();
  for (const [index, i] of items.entries()) {
    const key = mergeKey(i.productId, i.size, i.customizations);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: Math.min(QUANTITY_MAX, seen.quantity + i.quantity) } : { ...i, index });
  }
  const list = [...merged.values()];
  const found = await db
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(list.map((i) => i.productId))]));
  const byId = new Map(found.map((p) => [p.id, p]));
  return list.map((i) => {
    const p = byId.get(i.productId);
    if (!p)
      throw badRequest(
        'One of the products no longer exists',
        [{ field: `items.${i.index}.product_id`, message: 'Choose a product' }],
        'PRODUCT_NOT_FOUND',
      );
    const { sizeOffered, ...priced } = priceProductLine(p, i, prices);
    // Decorations already on the order stay readable and editable after staff stop offering them (or switch their
    // kind off); a new or changed set must be one the product and today's kinds take.
    const isKept = kept.has(decorationKey(p.id, i.customizations));
    const badKind = isKept ? null : refusedKind(i.customizations, prices.kinds);
    if (badKind)
      throw badRequest(badKind.message, [{ field: `items.${i.index}.${badKind.field}`, message: badKind.message }]);
    const refused = isKept
      ? null
      : refusedCustomization(p.baseName, takenNow(p.customizations, prices.kinds), i.customizations, prices.kinds);
    if (refused)
      throw badRequest(
        refused.message,
        [{ field: `items.${i.index}.customizations.${refused.type}`, message: refused.message }],
        'CUSTOMIZATION_NOT_OFFERED',
      );
    if (!sizeOffered)
      throw badRequest(`Size ${i.size} is not available for ${p.baseName} - ${p.color}`, [
        { field: `items.${i.index}.size`, message: 'Choose a size' },
      ]);
    return {
      productId: p.id,
      productName: `${p.baseName} - ${p.color}`,
      productSlug: p.slug,
      imageBase: p.imageBase,
      isMultiImage: p.isMultiImage,
      productActive: p.active,
      unitCentsAtAdd: null,
      size: i.size,
      customizations: i.customizations,
      garment: garmentOf(p),
      ...priced,
    };
  });
}
