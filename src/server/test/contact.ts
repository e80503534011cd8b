import type { App } from '../app-types';
import { orders } from '../db/schema';
import { json } from './users';

let ipCounter = 0;
/** Each call comes from a new address unless told otherwise, so the per-IP limit only bites where a test wants it. */
export const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

export const validGuest = (over: Record<string, unknown> = {}) => ({
  name: "Mary O'Neil-Smith",
  email: `guest${ipCounter}-${Math.random().toString(36).slice(2, 8)}@example.test`,
  phone: '(602) 555-0199',
  message: 'Do you embroider names on jackets too?',
  ...over,
});

export function postContact(
  app: App,
  body: unknown,
  opts: { headers?: Record<string, string>; ip?: string; url?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: opts.url ?? '/api/v1/contact',
    headers: opts.headers ?? json,
    remoteAddress: opts.ip ?? nextIp(),
    payload: JSON.stringify(body),
  });
}

let orderCounter = 0;
export async function createOrder(app: App, userId: number) {
  orderCounter += 1;
  const [row] = await app.deps.db
    .insert(orders)
    .values({
      orderNumber: `T-${process.pid}-${orderCounter}`,
      userId,
      placedBy: userId,
      status: 'pending',
      fulfillment: 'pickup',
      subtotalCents: 4000,
      taxCents: 312,
      taxRatePpm: 78000,
      shippingCents: 0,
      totalCents: 4312,
    })
    .returning();
  return row!;
}
