import { and, asc, eq } from 'drizzle-orm';
import { priceLine, type Customization } from '../../shared/cart';
import type { Executor } from '../db/client';
import { cartLines, carts, products } from '../db/schema';
import { getSettingsRow } from '../settings/service';

export type CartLineView = {
  id: number;
  productId: number;
  productName: string;
  productSlug: string;
  imageBase: string;
  isMultiImage: boolean;
  productActive: boolean;
  size: string;
  quantity: number;
  customizations: Customization[];
  unitBaseCents: number;
  unitCustomizationCents: number;
  totalCents: number;
};

export type CartView = { lines: CartLineView[]; taxRate: number; customizationCostCents: number; shippingCostCents: number };

/** The user's cart priced live from products and current settings: open carts follow settings changes. */
export async function loadCart(db: Executor, userId: number): Promise<CartView> {
  const s = await getSettingsRow(db);
  const rows = await db
    .select({ line: cartLines, product: products })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(carts.userId, userId)))
    .orderBy(asc(cartLines.id));
  const lines = rows.map(({ line, product }) => {
    const upcharge = product.sizes.find((z) => z.label === line.size)?.upcharge_cents ?? 0;
    const priced = priceLine({
      basePriceCents: product.basePriceCents,
      sizeUpchargeCents: upcharge,
      customizationCount: line.customizations.length,
      customizationCostCents: s.customizationCostCents,
      quantity: line.quantity,
    });
    return {
      id: line.id,
      productId: product.id,
      productName: `${product.baseName} - ${product.color}`,
      productSlug: product.slug,
      imageBase: product.imageBase,
      isMultiImage: product.isMultiImage,
      productActive: product.active,
      size: line.size,
      customizations: line.customizations,
      ...priced,
    };
  });
  return { lines, taxRate: s.taxRatePpm / 1_000_000, customizationCostCents: s.customizationCostCents, shippingCostCents: s.shippingCostCents };
}

export async function clearCart(db: Executor, userId: number): Promise<void> {
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  if (cart) await db.delete(cartLines).where(eq(cartLines.cartId, cart.id));
}
