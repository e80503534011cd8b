import { asc, eq, inArray, sql } from 'drizzle-orm';
import { priceLine, type Customization } from '../../shared/cart';
import { LOGO_KIND } from '../../shared/logos';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { cartLines, carts, products, settings } from '../db/schema';
import type { Fulfillment } from '../../shared/orders';
import {
  buildQuote,
  decorationPrices,
  garmentOf,
  type BreakGarment,
  priceProductLine,
  pricedDecorations,
  pricingContext,
  withLogos,
  type LinePrices,
  type PricedDecoration,
  type PricingSettings,
  type QuoteCents,
} from '../pricing';
import { mayBuy } from '../catalog';
import { findDepartmentForEmail } from '../departments';
import { lineNeedsFix, lineRefusal } from './line-rule';

export type CartLineView = {
  id: number;
  productId: number;
  productName: string;
  productSlug: string;
  imageBase: string;
  isMultiImage: boolean;
  productActive: boolean;
  /** The member's department no longer offers the product: the line stays but checkout refuses it. */
  outsideCatalog?: boolean;
  /** The product no longer takes the line as it is (a size or decoration staff removed since): what to fix, else null. */
  needsFix?: string | null;
  /** The unit price when the line was added (null for lines older than the record). */
  unitCentsAtAdd: number | null;
  size: string;
  quantity: number;
  customizations: Customization[];
  unitBaseCents: number;
  unitCustomizationCents: number;
  totalCents: number;
  /** The garment the line counts toward for quantity breaks. */
  garment?: BreakGarment | null;
  /** Each decoration at today's price of its kind, as an order placed now would keep it. */
  decorations: PricedDecoration[];
};

export type CartView = {
  lines: CartLineView[];
  settings: PricingSettings & { leadTimeDays: number };
  /** The decoration kinds (and the lines' logos) the lines were priced with. */
  prices: LinePrices;
};

/**
 * The user's cart priced live from products and current settings: open carts follow settings changes.
 * One query (settings left-joined to the lines) because this runs on every cart call and poll.
 */
export async function loadCart(db: Executor, userId: number): Promise<CartView> {
  const [rows, kindPrices] = await Promise.all([
    prepared(db, 'cart_lines', (d) =>
      d
        // Only the columns pricing and the answer need: every extra column (timestamps, descriptions) costs parse time.
        .select({
          s: {
            taxRatePpm: settings.taxRatePpm,
            shippingCostCents: settings.shippingCostCents,
            leadTimeDays: settings.leadTimeDays,
            quantityBreaks: settings.quantityBreaks,
          },
          line: {
            id: cartLines.id,
            size: cartLines.size,
            quantity: cartLines.quantity,
            customizations: cartLines.customizations,
            unitCentsAtAdd: cartLines.unitCentsAtAdd,
          },
          product: {
            id: products.id,
            baseName: products.baseName,
            color: products.color,
            slug: products.slug,
            imageBase: products.imageBase,
            isMultiImage: products.isMultiImage,
            active: products.active,
            basePriceCents: products.basePriceCents,
            sizes: products.sizes,
            customizations: products.customizations,
            quantityBreaks: products.quantityBreaks,
          },
        })
        .from(settings)
        .leftJoin(carts, eq(carts.userId, sql.placeholder('userId')))
        .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
        .leftJoin(products, eq(products.id, cartLines.productId))
        .where(eq(settings.id, 1))
        .orderBy(asc(cartLines.id))
        .prepare('cart_lines'),
    ).execute({ userId }),
    decorationPrices(db),
  ]);
  const s = rows[0]?.s;
  if (!s) throw new Error('settings row missing: the seed did not run');
  const prices = await withLogos(
    db,
    kindPrices,
    rows.flatMap(({ line }) => (line ? [line.customizations] : [])),
    { userId },
  );
  const lines = rows.flatMap(({ line, product }) => {
    if (!line || !product) return [];
    const { sizeOffered: _offered, ...priced } = priceProductLine(product, line, prices);
    const productName = `${product.baseName} - ${product.color}`;
    const refused = lineRefusal(product, line, productName, prices.kinds);
    return [
      {
        id: line.id,
        productId: product.id,
        productName,
        needsFix: refused ? lineNeedsFix(productName, line.size, refused) : null,
        productSlug: product.slug,
        imageBase: product.imageBase,
        isMultiImage: product.isMultiImage,
        productActive: product.active,
        unitCentsAtAdd: line.unitCentsAtAdd,
        size: line.size,
        customizations: line.customizations,
        garment: garmentOf(product),
        ...priced,
      },
    ];
  });
  return { lines, settings: s, prices };
}

/**
 * The cart's lines with their logos priced again from artworks locked in the caller's transaction (checkout). The cart
 * was read before the transaction: since then another order may have charged an artwork's one-time digitising fee,
 * or staff sent a new proof; the lock keeps both out until this order is placed, so the fee is charged exactly once.
 */
export async function withLockedLogos(tx: Executor, view: CartView, userId: number): Promise<CartLineView[]> {
  if (!view.prices.logos?.size) return view.lines;
  const lists = view.lines.map((l) => l.customizations);
  const prices = await withLogos(tx, view.prices, lists, { userId, lock: true });
  return view.lines.map((line) => {
    if (!line.customizations.some((c) => c.type === LOGO_KIND)) return line;
    const decorations = pricedDecorations(line.customizations, prices);
    const priced = priceLine({
      basePriceCents: line.unitBaseCents,
      sizeUpchargeCents: 0,
      unitCustomizationCents: decorations.reduce((n, d) => n + d.unit_cents, 0),
      quantity: line.quantity,
    });
    return { ...line, ...priced, decorations };
  });
}

export type QuotedCart = { view: CartView; quote: QuoteCents<CartLineView> };

/** The cart priced as an order would be: what GET /cart/, GET /checkout/quote and POST /orders/ all start from. */
export async function quoteCart(
  db: Executor,
  user: { id: number; email: string },
  fulfillment: Fulfillment,
  now: Date,
): Promise<QuotedCart> {
  const [view, department] = await Promise.all([loadCart(db, user.id), findDepartmentForEmail(db, user.email)]);
  for (const line of view.lines) line.outsideCatalog = !mayBuy(department, line.productId);
  const ctx = await pricingContext(db, user, department, fulfillment, view.settings, now);
  return { view, quote: buildQuote(view.lines, ctx) };
}

/** Takes the ordered lines out of the cart: only those, so a line added while the order was being placed stays. */
export async function removeOrderedLines(db: Executor, lines: CartLineView[]): Promise<void> {
  if (lines.length === 0) return;
  // One array parameter: the same statement whatever the number of lines, so it is prepared once.
  await prepared(db, 'cart_lines_remove', (d) =>
    d
      .delete(cartLines)
      .where(sql`${cartLines.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('cart_lines_remove'),
  ).execute({ ids: lines.map((l) => l.id) });
}

export async function clearCart(db: Executor, userId: number): Promise<void> {
  await db
    .delete(cartLines)
    .where(inArray(cartLines.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))));
}
