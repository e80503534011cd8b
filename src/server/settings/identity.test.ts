import { describe, expect, it } from 'vitest';
import { BUSINESS } from '../../shared/business';
import type { ShopIdentity } from '../../shared/shop-identity';
import { orders } from '../db/schema';
import { renderMail } from '../mail/template';
import { invoiceToken } from '../orders';
import { createTestApp } from '../test/harness';
import { json, signedIn } from '../test/users';

const { app } = await createTestApp();
const admin = await signedIn(app, 'admin');

const identity = () => app.inject({ method: 'GET', url: '/api/v1/settings/identity' });
const put = (payload: object, headers = admin.headers) =>
  app.inject({ method: 'PUT', url: '/api/v1/settings/identity', headers, payload });

// A one-pixel PNG.
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const NEW = {
  trading_name: 'Saguaro Stitch Works',
  legal_name: 'Saguaro Stitch Works Inc.',
  street: '88 E Van Buren St',
  city: 'Tempe',
  region: 'az',
  postal_code: '85281',
  phone: '480-555-0199',
  email: 'Billing@Saguaro.example',
  tax_id: 'TPT 21-404040',
  logo: LOGO,
};

describe("the shop's identity", () => {
  it('starts as the shop of the spec, with no tax id or logo printed', async () => {
    const res = await identity();
    expect(res.statusCode).toBe(200);
    expect(res.json().identity).toEqual({
      trading_name: BUSINESS.name,
      legal_name: BUSINESS.legalName,
      address: { street: '2150 W Grant St', city: 'Phoenix', region: 'AZ', postal_code: '85009' },
      phone: '(602) 555-0148',
      email: 'orders@copperstateuniforms.example',
      tax_id: null,
      logo: null,
    });
  });

  it('admins change it; invoices and mails print the new identity', async () => {
    const res = await put(NEW);
    expect(res.statusCode, res.body).toBe(200);
    const want: ShopIdentity = {
      trading_name: 'Saguaro Stitch Works',
      legal_name: 'Saguaro Stitch Works Inc.',
      address: { street: '88 E Van Buren St', city: 'Tempe', region: 'AZ', postal_code: '85281' },
      phone: '(480) 555-0199',
      email: 'billing@saguaro.example',
      tax_id: 'TPT 21-404040',
      logo: LOGO,
    };
    expect(res.json().identity).toEqual(want);
    expect((await identity()).json().identity).toEqual(want);

    const [order] = await app.deps.db
      .insert(orders)
      .values({
        orderNumber: 'ID-1',
        userId: admin.id,
        placedBy: admin.id,
        status: 'pending',
        fulfillment: 'pickup',
        subtotalCents: 1000,
        taxCents: 78,
        taxRatePpm: 78_000,
        shippingCents: 0,
        totalCents: 1078,
      })
      .returning({ id: orders.id });
    const inv = await app.inject({
      method: 'GET',
      url: `/api/v1/invoices/${invoiceToken(app.deps.hashKey, order!.id)}`,
    });
    expect(inv.statusCode, inv.body).toBe(200);
    expect(inv.json().invoice.shop).toEqual({ ...want, name: want.trading_name });

    const mail = renderMail({ title: 'Hello', blocks: [{ kind: 'lines', lines: ['A line'] }] });
    expect(mail.text).toContain('Saguaro Stitch Works');
    expect(mail.text).toContain('88 E Van Buren St, Tempe, AZ 85281');
    expect(mail.text).toContain('Phone (480) 555-0199');
    expect(mail.text).not.toContain('Copper State');

    // Empty tax id and logo: none, left off the paper.
    const cleared = await put({ ...NEW, tax_id: '', logo: '' });
    expect(cleared.json().identity).toMatchObject({ tax_id: null, logo: null });
  });

  it('refuses bad input with 400 and changes nothing; only admins may change it', async () => {
    const before = (await identity()).json().identity;
    for (const [field, value, message] of [
      ['trading_name', '  ', 'Trading name is required'],
      ['region', 'Arizona', 'State must be two letters'],
      ['postal_code', '8500', 'ZIP code must be 5 digits'],
      ['phone', '555', 'Phone number must be 10 digits'],
      ['email', 'not-mail', 'Please enter a valid email address'],
      ['logo', 'data:image/svg+xml;base64,PHN2Zz4=', 'The logo must be a PNG, JPEG or WebP image'],
      ['logo', `data:image/png;base64,${'A'.repeat(130_000)}`, 'The logo must be smaller than 90 kB'],
    ] as const) {
      const res = await put({ ...NEW, [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect((await identity()).json().identity).toEqual(before);
    const employee = await signedIn(app, 'employee');
    expect((await put(NEW, employee.headers)).statusCode).toBe(403);
    expect((await put(NEW, json)).statusCode).toBe(401);
  });
});
