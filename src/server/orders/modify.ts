import { asc, eq, inArray } from 'drizzle-orm';
import { mergeKey, type Customization } from '../../shared/cart';
import { QUANTITY_MAX } from '../../shared/constants';
import type { CheckoutInput, ModifyOrderInput, Order } from '../../shared/orders';
import type { Db, Executor } from '../db/client';
import { orderLines, orders, products } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { priceProductLine } from '../pricing';
import { getSettingsRow } from '../settings';
import { placeOrder, type OrderLineInput } from './place-order';
import { lockOrder } from './status';

type Item = { productId: number; size: string; quantity: number; customizations: Customization[] };

/** Prices lines at today's products and settings: a modified order is a new order. */
async function priceItems(db: Executor, items: Item[], customizationCostCents: number): Promise<OrderLineInput[]> {
  const merged = new Map<string, Item>();
  for (const i of items) {
    const key = mergeKey(i.productId, i.size, i.customizations);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: Math.min(QUANTITY_MAX, seen.quantity + i.quantity) } : i);
  }
  const list = [...merged.values()];
  const found = await db
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(list.map((i) => i.productId))]));
  const byId = new Map(found.map((p) => [p.id, p]));
  return list.map((i) => {
    const p = byId.get(i.productId);
    if (!p) throw badRequest('One of the products no longer exists', undefined, 'PRODUCT_NOT_FOUND');
    const { sizeOffered, ...priced } = priceProductLine(p, i, customizationCostCents);
    if (!sizeOffered)
      throw badRequest(`Size ${i.size} is not available for ${p.baseName} - ${p.color}`, [
        { field: 'items.size', message: 'Choose a size' },
      ]);
    return {
      productId: p.id,
      productName: `${p.baseName} - ${p.color}`,
      productSlug: p.slug,
      imageBase: p.imageBase,
      isMultiImage: p.isMultiImage,
      productActive: p.active,
      size: i.size,
      customizations: i.customizations,
      ...priced,
    };
  });
}

/** POST /orders/:id/modify: a denied order becomes a new order (same approval rules), linked both ways. */
export async function modifyDeniedOrder(
  db: Db,
  id: number,
  body: ModifyOrderInput,
  user: { id: number; email: string },
  appUrl: string,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const old = await lockOrder(tx, id, user.id);
    if (old.status !== 'denied') throw conflict('Only a denied order can be modified', 'ORDER_NOT_DENIED');
    if (old.replacedByOrderId)
      throw conflict('This order was already modified and resubmitted', 'ORDER_ALREADY_REPLACED');
    const items: Item[] = body.items
      ? body.items.map((i) => ({
          productId: i.product_id,
          size: i.size,
          quantity: i.quantity,
          customizations: i.customizations,
        }))
      : await tx.select().from(orderLines).where(eq(orderLines.orderId, old.id)).orderBy(asc(orderLines.id));
    const s = await getSettingsRow(tx);
    const lines = await priceItems(tx, items, s.customizationCostCents);
    const created = await placeOrder(tx, {
      user,
      lines,
      delivery: {
        fulfillment: old.fulfillment,
        shipping_address: (old.shippingAddress as CheckoutInput['shipping_address']) ?? null,
        po_number: old.poNumber,
        notes: old.notes,
      },
      settings: s,
      modifiedFrom: { id: old.id, orderNumber: old.orderNumber },
      appUrl,
    });
    await tx
      .update(orders)
      .set({ replacedByOrderId: created.row.id, updatedAt: new Date() })
      .where(eq(orders.id, old.id));
    return created.dto;
  });
}
