import { POSITION_LABELS } from '../../shared/cart-basics';
import type { Language } from '../../shared/languages';
import type { Invoice } from '../../shared/payments';
import type { Db } from '../db/client';
import { shopIdentity } from '../settings';
import { AppError, notFound } from '../http/errors';
import { customersFor, findOrder, invoiceToken, ORDER_NOT_FOUND, orderDto, orderIdFromToken } from '../orders';
import { linkLanguage } from '../users';

const INVOICE_NOT_FOUND = 'Invoice not found';
const INVOICE_LINK_EXPIRED =
  'This invoice link has expired. Open the order in My Orders for a new link, or ask the shop to send one.';

/** GET /orders/:id/invoice-link: the owner's or staff's signed link to the printable invoice. */
export async function invoiceLink(
  db: Db,
  key: string,
  orderId: number,
  user: { id: number; role: string },
  appUrl: string,
): Promise<string> {
  const order = await findOrder(db, orderId);
  const staff = user.role === 'admin' || user.role === 'employee';
  if (!order || (!staff && order.userId !== user.id)) throw notFound(ORDER_NOT_FOUND);
  return `${appUrl}/invoice/${invoiceToken(key, order.id)}`;
}

/** GET /invoices/:token: what the printable invoice shows, customer-facing (no staff notes, no recorded_by). */
export async function invoiceFor(
  db: Db,
  key: string,
  token: string,
): Promise<{ invoice: Invoice; language: Language | null }> {
  const id = orderIdFromToken(key, token);
  if (id === 'expired') throw new AppError(410, 'INVOICE_LINK_EXPIRED', INVOICE_LINK_EXPIRED);
  const row = id === null ? null : await findOrder(db, id);
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  const [order, customers, identity, language] = await Promise.all([
    orderDto(db, row),
    customersFor(db, [row.userId]),
    shopIdentity(db),
    linkLanguage(db, { userId: row.userId }),
  ]);
  const c = customers.get(row.userId)!;
  const invoice: Invoice = {
    shop: { ...identity, name: identity.trading_name },
    invoice_number: order.order_number,
    issued_at: order.created_at,
    order_status: order.status,
    customer: { email: c.email, first_name: c.first_name, last_name: c.last_name, phone: c.phone },
    department_name: order.department_name,
    po_number: order.po_number,
    fulfillment: order.fulfillment,
    items: order.items.map((i) => ({
      product_name: i.product_name,
      size: i.size,
      quantity: i.quantity,
      unit_base_price: i.unit_base_price,
      unit_customization_price: i.unit_customization_price,
      total_price: i.total_price,
      // In the customer's words, as the order's lines show them: Embroidered name "RUIZ" · Left.
      customizations: i.customizations.map(
        (x) => `${x.label}${x.text ? ` "${x.text}"` : ''} · ${POSITION_LABELS[x.position]}`,
      ),
    })),
    subtotal: order.subtotal,
    adjustments: order.adjustments,
    total: order.total,
    payment: order.payment,
  };
  return { invoice, language };
}
