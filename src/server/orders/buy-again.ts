import { asc, eq, inArray } from 'drizzle-orm';
import { refusedCustomization, type Customization } from '../../shared/cart';
import type { BuyAgainResult } from '../../shared/fit';
import { formatUsd, toDollars } from '../../shared/money';
import { addLine } from '../cart';
import { mayBuy } from '../catalog';
import type { Db } from '../db/client';
import { orderLines, products } from '../db/schema';
import { findDepartmentForEmail } from '../departments';
import { AppError, notFound } from '../http/errors';
import { decorationPrices, priceProductLine, withLogos, type DecorationPrices } from '../pricing';
import { takenNow } from '../../shared/decorations';
import { findOrder } from './dto';
import { ORDER_NOT_FOUND } from './status';

type ProductRow = typeof products.$inferSelect;
type Line = typeof orderLines.$inferSelect;

const usd = (cents: number) => formatUsd(toDollars(cents));
const itemsWord = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * The decorations the garment still takes, and a sentence for each it no longer does (a cap that took a flag
 * before staff narrowed it): the customer learns what was left off rather than finding it missing at the counter.
 */
function keptDecorations(p: ProductRow, list: Customization[], prices: DecorationPrices) {
  const kept: Customization[] = [];
  const dropped: string[] = [];
  const allowed = takenNow(p.customizations, prices.kinds);
  for (const c of list) {
    const refused = refusedCustomization(p.baseName, allowed, [c], prices.kinds);
    if (refused) dropped.push(`${refused.message}, so it was left off`);
    else kept.push(c);
  }
  return { kept, dropped };
}

/**
 * POST /orders/:id/buy-again: the lines of one of the customer's orders go back into their cart as they are
 * sold today. Prices come from the pricing module at today's figures (the old order's prices are only compared,
 * never copied); a garment no longer sold, a size no longer made or outside the member's department catalogue is
 * left out, and every difference is said in words. One transaction: all the lines that can go in, or none.
 */
export async function buyAgain(db: Db, orderId: number, user: { id: number; email: string }): Promise<BuyAgainResult> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId);
    if (!order || order.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    const ids = [...new Set(lines.map((l) => l.productId))];
    const [rows, kindPrices, department] = await Promise.all([
      ids.length ? tx.select().from(products).where(inArray(products.id, ids)) : Promise.resolve([]),
      decorationPrices(tx),
      findDepartmentForEmail(tx, user.email),
    ]);
    const prices = await withLogos(
      tx,
      kindPrices,
      lines.map((l) => l.customizations),
      { userId: user.id },
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const added: BuyAgainResult['added'] = [];
    const changes: string[] = [];

    const addOne = async (line: Line) => {
      const p = byId.get(line.productId);
      const name = p ? `${p.baseName} in ${p.color}` : line.productName;
      if (!p?.active) return changes.push(`${name} is no longer sold`);
      if (!mayBuy(department, p.id)) return changes.push(`${name} is not in your department's catalogue`);
      if (!p.sizes.some((s) => s.label === line.size))
        return changes.push(`${name} no longer comes in size ${line.size}`);
      const { kept, dropped } = keptDecorations(p, line.customizations, prices);
      const today = priceProductLine(p, { size: line.size, quantity: 1, customizations: kept }, prices);
      try {
        await addLine(tx, user, { product_id: p.id, size: line.size, quantity: line.quantity, customizations: kept });
      } catch (err) {
        if (err instanceof AppError && err.status < 500) return changes.push(`${name}: ${err.message}`);
        throw err;
      }
      added.push({ name, size: line.size, quantity: line.quantity });
      changes.push(...dropped);
      if (today.unitBaseCents !== line.unitBaseCents)
        changes.push(`${p.baseName} now ${usd(today.unitBaseCents)}, was ${usd(line.unitBaseCents)}`);
      if (!dropped.length && today.unitCustomizationCents !== line.unitCustomizationCents)
        changes.push(
          `The decorations on ${p.baseName} now ${usd(today.unitCustomizationCents)}, were ${usd(line.unitCustomizationCents)}`,
        );
    };
    // One after another: lines of one order may merge into one cart line, and each add reads the cart.
    for (const line of lines) await addOne(line);

    const count = added.reduce((n, a) => n + a.quantity, 0);
    return {
      success: true as const,
      message: count ? `Added ${itemsWord(count)} to your cart` : 'Nothing from this order could be added to your cart',
      added,
      changes,
    };
  });
}
