import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed invoice links (docs/security.md#payments): the order id, the last day the link works and an HMAC of both
// under the app's secret, so the link needs no login and no stored token, and no other order's invoice can be reached
// by changing the number. Here, not in payments, because the order e-mail written while the order is placed carries
// the link. A link works for 180 days; the order's page (GET /orders/:id/invoice-link) gives a new one at any time.
// Numbers are written without leading zeros, and only that spelling is accepted: one token per order and day
// (security round 3, finding 10).
const TOKEN = /^([1-9]\d{0,9})\.([1-9]\d{0,5})\.([A-Za-z0-9_-]{43})$/;
const MAX_ORDER_ID = 2_147_483_647;
export const INVOICE_LINK_DAYS = 180;
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

const mac = (key: string, orderId: number, lastDay: number) =>
  createHmac('sha256', key).update(`invoice:${orderId}:${lastDay}`).digest('base64url');

/** A link issued today works through the 180th day after today (UTC days); the same all day long. */
export function invoiceToken(key: string, orderId: number, now = Date.now()): string {
  const lastDay = dayOf(now) + INVOICE_LINK_DAYS;
  return `${orderId}.${lastDay}.${mac(key, orderId, lastDay)}`;
}

/** The order id a token names; 'expired' for one this server signed whose days are over; null for anything else. */
export function orderIdFromToken(key: string, token: string, now = Date.now()): number | 'expired' | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const lastDay = Number(m[2]);
  if (id > MAX_ORDER_ID) return null;
  const want = Buffer.from(mac(key, id, lastDay));
  const got = Buffer.from(m[3]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  // No link this server signs runs past today + 180 days: one that does was made with a key that left the shop
  // (an old backup held it), never by invoiceToken, and opens nothing.
  if (lastDay > dayOf(now) + INVOICE_LINK_DAYS) return null;
  return dayOf(now) > lastDay ? 'expired' : id;
}
