import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { users } from '../db/schema';
import { invoiceToken } from '../orders';
import { createTestApp } from '../test/harness';
import { addTaxExemptDepartment, fillCart, mailsTo, shipping } from '../test/orders';
import { signedIn } from '../test/users';

// An on-account department order and its signed invoice link.
const { app } = await createTestApp();
await addTaxExemptDepartment(app);
const staff = await signedIn(app, 'employee');

describe('invoices', () => {
  it('an on-account order: owner and staff get the same signed link; the invoice shows the money and no staff names', async () => {
    const clerk = await signedIn(app, 'other', { email: `clerk-${Date.now()}@maricopa.test`, firstName: 'Rosa' });
    await fillCart(app, clerk.id, [
      {
        quantity: 2,
        customizations: [
          { type: 'add_name', position: 'left_side', text: 'RUIZ' },
          { type: 'az_flag', position: 'right_side', text: null },
        ],
      },
      { quantity: 1 },
    ]);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      headers: clerk.headers,
      payload: { ...shipping, po_number: 'MC-2026-118', payment_method: 'account' },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order as Order;
    expect(order.payment.method).toBe('account');
    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/${order.id}/payments`,
      headers: staff.headers,
      payload: { amount: 10, method: 'department_check', reference: 'Warrant 5521' },
    });
    expect(paid.statusCode).toBe(200);

    const link = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/invoice-link`,
      headers: clerk.headers,
    });
    expect(link.statusCode).toBe(200);
    const url = link.json().url as string;
    expect(url).toMatch(new RegExp(`^http://localhost:3000/invoice/${order.id}\\.[1-9]\\d*\\.[A-Za-z0-9_-]{43}$`));
    const byStaff = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/invoice-link`,
      headers: staff.headers,
    });
    expect(byStaff.json().url).toBe(url);
    const stranger = await signedIn(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/invoice-link`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);

    const token = url.split('/invoice/')[1]!;
    const res = await app.inject({ method: 'GET', url: `/api/v1/invoices/${token}` });
    expect(res.statusCode).toBe(200);
    const inv = res.json().invoice;
    expect(inv).toMatchObject({
      shop: { name: 'Copper State Uniforms', address: { street: '2150 W Grant St', city: 'Phoenix', region: 'AZ' } },
      invoice_number: order.order_number,
      customer: { email: clerk.email, first_name: 'Rosa' },
      department_name: 'Maricopa County',
      po_number: 'MC-2026-118',
      subtotal: order.subtotal,
      total: order.total,
      adjustments: order.adjustments,
      payment: {
        method: 'account',
        status: 'partially_paid',
        amount_paid: 10,
        balance: Math.round((order.total - 10) * 100) / 100,
      },
    });
    expect(inv.items).toHaveLength(2);
    expect(inv.items[0].customizations).toEqual(['Embroidered name "RUIZ" · Left', 'Arizona flag patch · Right']);
    expect(inv.items[1].customizations).toEqual([]);
    expect(inv.items.map((i: { total_price: number }) => i.total_price)).toEqual(order.items.map((i) => i.total_price));
    expect(inv.payment.entries).toEqual([
      expect.objectContaining({ method: 'department_check', amount: 10, reference: 'Warrant 5521' }),
    ]);
    expect(inv.payment.entries[0]).not.toHaveProperty('recorded_by');
    expect(res.body).not.toContain(staff.email);
  });

  it("the order e-mail carries the invoice's signed link, which opens that order's invoice without a session", async () => {
    const u = await signedIn(app);
    await fillCart(app, u.id, [{ quantity: 1 }]);
    const placed = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: u.headers, payload: shipping });
    const order = placed.json().order as Order;
    const [received] = (await mailsTo(app, u.email)).filter((m) => m.kind === 'order_received');
    const link = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/invoice-link`,
      headers: u.headers,
    });
    const url = link.json().url as string;
    expect(received!.textBody).toContain(`Your invoice: ${url}`);
    expect(received!.htmlBody).toContain(`href="${url}"`);
    const token = url.split('/invoice/')[1]!;
    // The page opens in the customer's language, whoever's browser opens the link.
    await app.deps.db.update(users).set({ language: 'es' }).where(eq(users.id, u.id));
    const res = await app.inject({ method: 'GET', url: `/api/v1/invoices/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().invoice.invoice_number).toBe(order.order_number);
    expect(res.json().language).toBe('es');
  });

  it('a bad, altered or foreign token is 404', async () => {
    const u = await signedIn(app);
    await fillCart(app, u.id, [{ quantity: 1 }]);
    const placed = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: u.headers, payload: shipping });
    const id = placed.json().order.id as number;
    const url = (
      await app.inject({ method: 'GET', url: `/api/v1/orders/${id}/invoice-link`, headers: u.headers })
    ).json().url as string;
    const [, mac] = url.split('/invoice/')[1]!.split('.');
    for (const bad of [`${id + 1}.${mac}`, `${id}.${'A'.repeat(43)}`, 'not-a-token', `${id}`, `${id}.${mac}x`]) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/invoices/${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', detail: 'Invoice not found' });
    }
  });
});

describe('security round 3, finding 10: invoice links', () => {
  async function placedWithLink() {
    const u = await signedIn(app);
    await fillCart(app, u.id, [{ quantity: 1 }]);
    const placed = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: u.headers, payload: shipping });
    const id = placed.json().order.id as number;
    const link = await app.inject({ method: 'GET', url: `/api/v1/orders/${id}/invoice-link`, headers: u.headers });
    return { u, id, link, token: (link.json().url as string).split('/invoice/')[1]! };
  }
  const open = (token: string) => app.inject({ method: 'GET', url: `/api/v1/invoices/${encodeURIComponent(token)}` });

  it('the invoice and its link are answered with Cache-Control: no-store', async () => {
    const { link, token } = await placedWithLink();
    expect(link.headers['cache-control']).toBe('no-store');
    const res = await open(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a leading zero in the id (or the day) is not a second valid token', async () => {
    const { token } = await placedWithLink();
    const [id, day, mac] = token.split('.');
    for (const bad of [
      `0${id}.${day}.${mac}`,
      `00${id}.${day}.${mac}`,
      `${id}.0${day}.${mac}`,
      `+${id}.${day}.${mac}`,
    ]) {
      const res = await open(bad);
      expect(res.statusCode, bad).toBe(404);
    }
    // The round-3 report's form: the id-and-MAC link with a zero in front of the id.
    const oldMac = crypto.createHmac('sha256', app.deps.hashKey).update(`invoice:${id}`).digest('base64url');
    expect((await open(`0${id}.${oldMac}`)).statusCode).toBe(404);
    expect((await open(token)).statusCode).toBe(200);
  });

  it('a link older than 180 days has expired (410); the order gives a new one that works', async () => {
    const { u, id } = await placedWithLink();
    const old = invoiceToken(app.deps.hashKey, id, Date.now() - 181 * 86_400_000);
    const res = await open(old);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ success: false, code: 'INVOICE_LINK_EXPIRED' });
    const lastDay = invoiceToken(app.deps.hashKey, id, Date.now() - 180 * 86_400_000);
    expect((await open(lastDay)).statusCode).toBe(200);
    // The old format (no day) and a link whose day was moved on are refused as unknown.
    const [, day, mac] = old.split('.');
    expect((await open(`${id}.${mac}`)).statusCode).toBe(404);
    expect((await open(`${id}.${Number(day) + 200}.${mac}`)).statusCode).toBe(404);
    const renewed = await app.inject({ method: 'GET', url: `/api/v1/orders/${id}/invoice-link`, headers: u.headers });
    expect((await open((renewed.json().url as string).split('/invoice/')[1]!)).statusCode).toBe(200);
  });
});

describe('the payments API in OpenAPI', () => {
  it('documents every payment route for the web client', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/v1/orders/admin/{id}/payments',
      '/api/v1/orders/admin/{id}/refunds',
      '/api/v1/orders/{id}/pay',
      '/api/v1/orders/{id}/pay/check',
      '/api/v1/payments/stripe/webhook',
      '/api/v1/orders/{id}/invoice-link',
      '/api/v1/invoices/{token}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const order = doc.paths['/api/v1/orders/{id}'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(order)).toContain('refund_due');
  });
});
