import { asc, eq } from 'drizzle-orm';
import type { CheckoutInput, ModifyOrderInput, Order } from '../../shared/orders';
import type { Db } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { conflict } from '../http/errors';
import { decorationPrices } from '../pricing';
import { getSettingsRow } from '../settings';
import type { ShopContext } from './notice';
import { placeOrder } from './place-order';
import { itemsFromInput, priceItems, type Item } from './price-items';
import { lockOrder } from './status';

/** POST /orders/:id/modify: a denied order becomes a new order (same approval rules), linked both ways. */
export async function modifyDeniedOrder(
  db: Db,
  id: number,
  body: ModifyOrderInput,
  user: { id: number; email: string },
  shop: ShopContext,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const old = await lockOrder(tx, id, user.id);
    if (old.status !== 'denied') throw conflict('Only a denied order can be modified', 'ORDER_NOT_DENIED');
    if (old.replacedByOrderId)
      throw conflict('This order was already modified and resubmitted', 'ORDER_ALREADY_REPLACED');
    const before = await tx.select().from(orderLines).where(eq(orderLines.orderId, old.id)).orderBy(asc(orderLines.id));
    const items: Item[] = body.items ? itemsFromInput(body.items) : before;
    const s = await getSettingsRow(tx);
    const lines = await priceItems(tx, items, await decorationPrices(tx), before, { userId: user.id, lock: true });
    const created = await placeOrder(tx, {
      user,
      lines,
      delivery: {
        fulfillment: old.fulfillment,
        shipping_address: (old.shippingAddress as CheckoutInput['shipping_address']) ?? null,
        po_number: old.poNumber,
        notes: old.notes,
        payment_method: old.paymentMethod,
        due_date: old.dueDate,
      },
      settings: s,
      modifiedFrom: { id: old.id, orderNumber: old.orderNumber },
      shop,
      paymentFallback: true,
    });
    await tx
      .update(orders)
      .set({ replacedByOrderId: created.row.id, updatedAt: new Date() })
      .where(eq(orders.id, old.id));
    return created.dto;
  });
}
