import { eq } from 'drizzle-orm';
import { mergeKey } from '../../shared/cart';
import type { CheckoutInput, Order } from '../../shared/orders';
import type { Db } from '../db/client';
import { quoteLines, quotes } from '../db/schema';
import { conflict } from '../http/errors';
import { itemsFromInput, placeOrder, priceItems, type ShopContext } from '../orders';
import { atQuotedUnitPrice, decorationPrices } from '../pricing';
import { getSettingsRow } from '../settings';
import { termsOfRow, type QuoteRow } from './priced';
import { decisionRefusal, lockQuote, noticeShop, type QuoteShop } from './service';

/**
 * POST /quotes/:id/accept: the quote becomes an order through the customer's own placeOrder (their department and
 * its approval rules, catalogue, allowance, ways to pay, due date and mails) with the quote's lines at the garment
 * prices it stands by and its discount and setup fee as the pricing module's inputs. The quote row is locked first,
 * so of two concurrent accepts the second finds it accepted (409); orders.quote_id is unique besides.
 */
export async function acceptQuote(
  db: Db,
  id: number,
  user: { id: number; email: string },
  body: CheckoutInput,
  shop: QuoteShop & ShopContext,
): Promise<{ order: Order; quote: QuoteRow }> {
  const now = shop.now();
  return db.transaction(async (tx) => {
    const q = await lockQuote(tx, id, user.id);
    const refused = decisionRefusal(q, now);
    if (refused) throw conflict(refused.message, refused.code);
    const [settings, rows] = await Promise.all([
      getSettingsRow(tx),
      tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id)),
    ]);
    const quoted = new Map(rows.map((r) => [mergeKey(r.productId, r.size, r.customizations), r.unitBaseCents]));
    const items = itemsFromInput(
      rows.map((r) => ({
        product_id: r.productId,
        size: r.size,
        quantity: r.quantity,
        customizations: r.customizations,
      })),
    );
    // Decorations the quote was priced with stay acceptable, as on an order staff edit.
    const priced = await priceItems(tx, items, await decorationPrices(tx), rows, { userId: user.id, lock: true });
    const lines = priced.map((l) =>
      atQuotedUnitPrice(l, quoted.get(mergeKey(l.productId, l.size, l.customizations)) ?? l.unitBaseCents),
    );
    const placed = await placeOrder(tx, {
      user,
      lines,
      delivery: body,
      settings,
      shop,
      fromQuote: { id, terms: termsOfRow(q) },
    });
    const [row] = await tx
      .update(quotes)
      .set({ status: 'accepted', decidedAt: now, updatedAt: now })
      .where(eq(quotes.id, id))
      .returning();
    await noticeShop(tx, row!, 'accepted', shop, placed.dto.order_number);
    return { order: placed.dto, quote: row! };
  });
}
