import { and, eq, inArray, sql } from 'drizzle-orm';
import { mergeKey, type AddCartItem } from '../../shared/cart';
import { QUANTITY_MAX } from '../../shared/constants';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { cartLines, carts, products } from '../db/schema';
import { decorationPrices, priceProductLine, withLogos } from '../pricing';
import { refusedKind } from '../../shared/decorations';
import { badRequest, forbidden, notFound } from '../http/errors';
import { NOT_IN_DEPARTMENT_CATALOG } from '../../shared/department-catalog';
import { mayBuy } from '../catalog';
import { findDepartmentForEmail } from '../departments';
import { lineRefusal } from './line-rule';

export const CART_MESSAGES = {
  added: 'Item added to cart',
  updated: 'Cart item updated',
  removed: 'Item removed from cart',
  cleared: 'Cart cleared',
  productUnavailable: 'This product is not available',
  sizeUnavailable: 'Choose one of the sizes offered for this product',
  itemNotFound: 'Cart item not found',
  tooMany: `You can have at most ${QUANTITY_MAX} of the same item in your cart`,
} as const;

/**
 * The user's cart id, creating the cart on first use. Read first: after the first add the cart exists, and an
 * upsert would write (and lock) the cart row on every add. Two first adds race safely through ON CONFLICT.
 */
async function cartIdFor(db: Executor, userId: number): Promise<number> {
  const [found] = await prepared(db, 'cart_id', (d) =>
    d
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.userId, sql.placeholder('userId')))
      .prepare('cart_id'),
  ).execute({ userId });
  if (found) return found.id;
  const [row] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  return row!.id;
}

/**
 * The product, size and customisations are checked against the database; nothing about price is taken from the
 * request. Answers the unit price now, which the line keeps so the cart can say when it changes.
 */
async function checkProduct(db: Executor, input: AddCartItem, userId: number): Promise<number> {
  // Another customer's artwork answers 404 before anything is looked at or added.
  const prices = await withLogos(db, await decorationPrices(db), [input.customizations], { userId });
  const unknown = refusedKind(input.customizations, prices.kinds);
  if (unknown) throw badRequest(unknown.message, [unknown]);
  const [product] = await prepared(db, 'cart_product_only', (d) =>
    d
      .select({
        id: products.id,
        sizes: products.sizes,
        basePriceCents: products.basePriceCents,
        baseName: products.baseName,
        customizations: products.customizations,
      })
      .from(products)
      .where(and(eq(products.id, sql.placeholder('id')), eq(products.active, true)))
      .prepare('cart_product_only'),
  ).execute({ id: input.product_id });
  if (!product)
    throw badRequest(CART_MESSAGES.productUnavailable, [
      { field: 'product_id', message: CART_MESSAGES.productUnavailable },
    ]);
  const refused = lineRefusal(product, input, product.baseName, prices.kinds);
  if (refused?.field === 'size')
    throw badRequest(CART_MESSAGES.sizeUnavailable, [{ field: 'size', message: CART_MESSAGES.sizeUnavailable }]);
  if (refused)
    throw badRequest(
      refused.message,
      [{ field: refused.field, message: refused.message }],
      'CUSTOMIZATION_NOT_OFFERED',
    );
  const priced = priceProductLine(product, { ...input, quantity: 1 }, prices);
  return priced.unitBaseCents + priced.unitCustomizationCents;
}

/**
 * Adds a line, or merges it into the equal line (same product, size and customisations in any order)
 * with one atomic upsert; the WHERE keeps a merged line at 99 or fewer, so no row comes back when it would pass.
 * No transaction: the upsert is atomic on its own, and checkout checks every product again.
 */
export async function addLine(db: Executor, user: { id: number; email: string }, input: AddCartItem): Promise<void> {
  const [unitCents, department] = await Promise.all([
    checkProduct(db, input, user.id),
    findDepartmentForEmail(db, user.email),
  ]);
  if (!mayBuy(department, input.product_id)) throw forbidden(NOT_IN_DEPARTMENT_CATALOG);
  const cartId = await cartIdFor(db, user.id);
  const merged = await db
    .insert(cartLines)
    .values({
      cartId,
      productId: input.product_id,
      size: input.size,
      quantity: input.quantity,
      customizations: input.customizations,
      mergeKey: mergeKey(input.product_id, input.size, input.customizations),
      unitCentsAtAdd: unitCents,
    })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.mergeKey],
      // Adding again at today's price: the customer has now seen it.
      set: {
        quantity: sql`${cartLines.quantity} + excluded.quantity`,
        unitCentsAtAdd: sql`excluded.unit_cents_at_add`,
      },
      setWhere: sql`${cartLines.quantity} + excluded.quantity <= ${QUANTITY_MAX}`,
    })
    .returning({ id: cartLines.id });
  if (merged.length === 0)
    throw badRequest(CART_MESSAGES.tooMany, [{ field: 'quantity', message: CART_MESSAGES.tooMany }]);
}

const ownLine = (userId: number, lineId: number) =>
  and(
    eq(cartLines.id, lineId),
    inArray(cartLines.cartId, sql`(select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`),
  );

/** Another user's line answers exactly like a missing one: 404, never data. */
export async function setLineQuantity(db: Executor, userId: number, lineId: number, quantity: number): Promise<void> {
  const rows = await db
    .update(cartLines)
    .set({ quantity })
    .where(ownLine(userId, lineId))
    .returning({ id: cartLines.id });
  if (rows.length === 0) throw notFound(CART_MESSAGES.itemNotFound);
}

export async function removeLine(db: Executor, userId: number, lineId: number): Promise<void> {
  const rows = await db.delete(cartLines).where(ownLine(userId, lineId)).returning({ id: cartLines.id });
  if (rows.length === 0) throw notFound(CART_MESSAGES.itemNotFound);
}
