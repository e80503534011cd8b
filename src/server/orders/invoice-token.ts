import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed invoice links (docs/security.md#payments): the order id and an HMAC of it under the app's secret, so the link
// needs no login and no stored token, and no other order's invoice can be reached by changing the number. Here, not
// in payments, because the order e-mail written while the order is placed carries the link.
const TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: string, orderId: number) =>
  createHmac('sha256', key).update(`invoice:${orderId}`).digest('base64url');

export const invoiceToken = (key: string, orderId: number) => `${orderId}.${mac(key, orderId)}`;

/** The order id a token names, or null when it is not one this server signed. */
export function orderIdFromToken(key: string, token: string): number | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const want = Buffer.from(mac(key, id));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? id : null;
}
