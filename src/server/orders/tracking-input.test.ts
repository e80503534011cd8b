import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import type { ShipmentResult } from '../../shared/shipments';
import { orderEvents, orders, outbox } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, mailsTo, shipping } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// Security round 4, finding 9: a tracking CSV's carrier cell (=HYPERLINK(...)) reached the customer's shipped mail as
// typed, and another carrier's tracking number was not checked at all. The carrier is UPS, USPS, FedEx, DHL or
// another carrier's plain name; a tracking number is letters and digits, on every path that takes one.
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');

const CARRIER_PROBLEM =
  "Choose UPS, USPS, FedEx or DHL, or type the carrier's name in letters, digits, spaces, & . and -";
const TRACKING_PROBLEM = 'A tracking number has letters and digits only';
const HYPERLINK = '=HYPERLINK("http://evil.example","Track")';

async function onTheMachines(user: SignedIn, n: number): Promise<Order[]> {
  const made: Order[] = [];
  for (let i = 0; i < n; i += 1) {
    await fillCart(app, user.id, [{ quantity: 1 }]);
    const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: shipping });
    expect(res.statusCode, res.body).toBe(201);
    made.push(res.json().order as Order);
  }
  const ids = made.map((o) => o.id);
  await db.update(orders).set({ status: 'in_production' }).where(inArray(orders.id, ids));
  return made;
}
const changes = async () => {
  const [e] = await db.select({ n: count() }).from(orderEvents);
  const [m] = await db.select({ n: count() }).from(outbox);
  return [Number(e!.n), Number(m!.n)];
};
const csvCell = (s: string) => `"${s.replaceAll('"', '""')}"`;

describe('carriers and tracking numbers as staff enter them', () => {
  it('a tracking CSV: a formula or markup as the carrier, or a tracking number with other signs, is a row problem', async () => {
    const u = await signedIn(app, 'other');
    const [evil, tagged, spaced, dhl, courier] = await onTheMachines(u, 5);
    const csv = [
      'Order number,Carrier,Tracking number',
      `${evil!.order_number},${csvCell(HYPERLINK)},1Z999AA10123456784`,
      `${tagged!.order_number},Valley Courier,<b>VC-17</b>`,
      `${spaced!.order_number},<script>x</script>,VC18`,
      `${dhl!.order_number},dhl,JD 0146 0000 3333 4444 55`,
      `${courier!.order_number},A.B. Freight & Sons,VC-19`,
    ].join('\n');
    const before = await changes();
    const preview = await app.inject({
      method: 'POST',
      url: '/api/v1/orders/admin/shipments',
      headers: staff.headers,
      payload: { csv, allow_unpaid: true },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json().rows as ShipmentResult[]).map((r) => [r.line, r.carrier, r.problem])).toEqual([
      [1, HYPERLINK, CARRIER_PROBLEM],
      [2, 'Valley Courier', TRACKING_PROBLEM],
      [3, '<script>x</script>', CARRIER_PROBLEM],
      [4, 'DHL', null],
      [5, 'A.B. Freight & Sons', null],
    ]);
    expect(await changes()).toEqual(before);

    const done = await app.inject({
      method: 'POST',
      url: '/api/v1/orders/admin/shipments',
      headers: staff.headers,
      payload: { csv, allow_unpaid: true, apply: true },
    });
    expect(done.json()).toMatchObject({ applied: true, shipped: 2 });
    const rows = await db
      .select({ id: orders.id, status: orders.status, carrier: orders.carrier, tracking: orders.trackingNumber })
      .from(orders)
      .where(inArray(orders.id, [evil!.id, tagged!.id, spaced!.id, dhl!.id, courier!.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const o of [evil!, tagged!, spaced!]) expect(byId.get(o.id)).toMatchObject({ status: 'in_production' });
    expect(byId.get(dhl!.id)).toMatchObject({ status: 'shipped', carrier: 'DHL', tracking: 'JD014600003333444455' });
    expect(byId.get(courier!.id)).toMatchObject({
      status: 'shipped',
      carrier: 'A.B. Freight & Sons',
      tracking: 'VC19',
    });
    const mails = await mailsTo(app, u.email);
    const shippedMails = mails.filter((m) => m.subject.endsWith('shipped'));
    expect(shippedMails).toHaveLength(2);
    for (const m of mails) expect(`${m.textBody}${m.htmlBody}`).not.toMatch(/HYPERLINK|evil\.example|<script|<b>/);
  });

  it('the single ship: the same carrier and tracking rules, a 400 that changes nothing', async () => {
    const u = await signedIn(app, 'other');
    const [o] = await onTheMachines(u, 1);
    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${o!.id}/status`,
        headers: staff.headers,
        payload: { status: 'shipped', allow_unpaid: true, ...payload },
      });
    const before = await changes();
    for (const [payload, field, message] of [
      [{ carrier: HYPERLINK, tracking_number: '1Z999AA10123456784' }, 'carrier', CARRIER_PROBLEM],
      [{ carrier: 'Other', tracking_number: 'VC-17; DROP' }, 'tracking_number', TRACKING_PROBLEM],
      [{ carrier: '', tracking_number: '<img src=x>' }, 'tracking_number', TRACKING_PROBLEM],
      [{ carrier: '-Courier', tracking_number: 'VC17' }, 'carrier', CARRIER_PROBLEM],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ detail: message, errors: [{ field, message }] });
    }
    expect(await changes()).toEqual(before);
    const [still] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, o!.id));
    expect(still!.status).toBe('in_production');

    const ok = await put({ carrier: 'fedex', tracking_number: '1234 5678 9012' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().order).toMatchObject({ status: 'shipped', carrier: 'FedEx', tracking_number: '123456789012' });
  });
});
