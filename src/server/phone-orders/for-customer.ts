import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { outsideCatalogLine } from '../../shared/department-catalog';
import { toDollars } from '../../shared/money';
import type { Order } from '../../shared/orders';
import {
  CUSTOMER_DEACTIVATED,
  type CustomerQuote,
  type CustomerQuoteInput,
  type OrderingFor,
  type PlaceForCustomerInput,
} from '../../shared/phone-orders';
import { CUSTOMER_NOT_FOUND } from '../../shared/customers';
import { mayBuy, productsFor } from '../catalog';
import type { Db, Executor } from '../db/client';
import { users } from '../db/schema';
import { findDepartmentForEmail, type DepartmentRow } from '../departments';
import { conflict, forbidden, notFound } from '../http/errors';
import { buildQuote, decorationPrices, pricingContext, quoteTotalsDto } from '../pricing';
import { getSettingsRow } from '../settings';
import {
  checkoutInfo,
  claimKey,
  itemsFromInput,
  orderDto,
  type OrderLineInput,
  placeOrder,
  priceItems,
  recordKey,
  requestHash,
  type ShopContext,
} from '../orders';
import { personName } from '../../shared/person-name';

type UserRow = typeof users.$inferSelect;
const nameOf = (u: Pick<UserRow, 'firstName' | 'lastName'>) => personName(u.firstName, u.lastName);

async function findCustomer(db: Executor, id: number): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u) throw notFound(CUSTOMER_NOT_FOUND);
  return u;
}

/** The same refusal a customer's own checkout gives for a garment outside their department's catalogue. */
function assertInCatalogue(department: DepartmentRow | null, lines: OrderLineInput[]) {
  const outside = lines.find((l) => !mayBuy(department, l.productId));
  if (outside) throw forbidden(outsideCatalogLine(outside.productName));
}

/** GET /orders/admin/for-customer/:customerId: the customer, their department, their ways to pay and their catalogue. */
export async function orderingFor(db: Db, customerId: number, cardEnabled: boolean): Promise<OrderingFor> {
  const u = await findCustomer(db, customerId);
  const [info, department] = await Promise.all([
    checkoutInfo(db, u.email, cardEnabled),
    findDepartmentForEmail(db, u.email),
  ]);
  return {
    ...info,
    customer: {
      id: u.id,
      name: nameOf(u),
      email: u.email,
      is_active: u.isActive,
      address:
        u.addressLine1 && u.city && u.zipCode
          ? { address_line1: u.addressLine1, address_line2: u.addressLine2, city: u.city, zip_code: u.zipCode }
          : null,
    },
    products: await productsFor(db, department),
  };
}

/**
 * POST /orders/admin/for-customer/:customerId/quote: the lines priced as the customer's checkout would price them
 * (today's settings, their department's tax rules and allowance, the fulfilment). Reads only.
 */
export async function quoteForCustomer(
  db: Db,
  customerId: number,
  body: CustomerQuoteInput,
  now: Date,
): Promise<CustomerQuote> {
  const u = await findCustomer(db, customerId);
  const [settings, department] = await Promise.all([getSettingsRow(db), findDepartmentForEmail(db, u.email)]);
  const lines = await priceItems(db, itemsFromInput(body.items), await decorationPrices(db), [], { userId: u.id });
  assertInCatalogue(department, lines);
  const ctx = await pricingContext(db, u, department, body.fulfillment, settings, now);
  const q = buildQuote(lines, ctx);
  return {
    lines: q.lines.map((l) => ({
      product_id: l.productId,
      product_name: l.productName,
      size: l.size,
      quantity: l.quantity,
      customizations: l.customizations,
      unit_price: toDollars(l.unitBaseCents + l.unitCustomizationCents),
      total: toDollars(l.totalCents),
    })),
    ...quoteTotalsDto(q),
    allowance: toDollars(q.allowanceCents),
  };
}

export type PlacedForCustomer = { order: Order; replayed: boolean };

/**
 * POST /orders/admin/for-customer/:customerId: staff place an order on the customer's behalf. The lines come in the
 * request (nobody's cart is read or emptied) and go through the customer's own placeOrder: their department,
 * catalogue, allowance, approval, ways to pay and confirmation mail. Only the timeline's first event differs: it
 * names the staff member. An Idempotency-Key is the staff member's, so a double click places one order.
 */
export async function placeForCustomer(
  db: Db,
  opts: {
    customerId: number;
    body: PlaceForCustomerInput;
    staff: { id: number; email: string };
    idempotencyKey: string | null;
    shop: ShopContext;
  },
): Promise<PlacedForCustomer> {
  const { body, staff } = opts;
  const [u, staffRow] = await Promise.all([findCustomer(db, opts.customerId), findCustomer(db, staff.id)]);
  if (!u.isActive) throw conflict(CUSTOMER_DEACTIVATED, 'CUSTOMER_DEACTIVATED');
  const items = itemsFromInput(body.items);
  // The customer is part of the promise: one key reused for another customer is a different order.
  const hash = createHash('sha256')
    .update(`${u.id}|${requestHash(items, body)}`)
    .digest('hex');
  return db.transaction(async (tx) => {
    if (opts.idempotencyKey) {
      const seen = await claimKey(tx, staff.id, opts.idempotencyKey, hash, false, body);
      if (seen) return { order: await orderDto(tx, seen), replayed: true };
    }
    const settings = await getSettingsRow(tx);
    const lines = await priceItems(tx, items, await decorationPrices(tx), [], { userId: u.id, lock: true });
    const placed = await placeOrder(tx, {
      user: { id: u.id, email: u.email },
      lines,
      delivery: body,
      settings,
      shop: opts.shop,
      placedBy: { id: staff.id, email: staff.email, name: nameOf(staffRow) ?? staff.email, channel: body.channel },
    });
    if (opts.idempotencyKey) await recordKey(tx, staff.id, opts.idempotencyKey, hash, placed.row.id);
    return { order: placed.dto, replayed: false };
  });
}
