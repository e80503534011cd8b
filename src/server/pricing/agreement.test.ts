import { desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../shared/money';
import { outbox } from '../db/schema';
import { createTestApp } from '../test/harness';
import { addTaxExemptDepartment, shipping } from '../test/orders';
import { json, signedIn } from '../test/users';

// The quote, the order placed right after it, the order read back and its e-mail agree to the cent, and equal a
// computation written here independently (BigInt, half up), over random carts, departments, fulfilments and settings.
const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
await addTaxExemptDepartment(app);

type Product = {
  id: number;
  base_name: string;
  price: number;
  sizes: { label: string; upcharge: number }[];
  customizations: { type: string; sides: string[] }[];
};
// Garments that take every decoration on either side (tops): caps and pants take fewer, which their own tests cover.
const products = ((await app.inject({ method: 'GET', url: '/api/v1/products/' })).json().products as Product[])
  .filter((p) => p.customizations.length === 3 && p.customizations.every((c) => c.sides.length === 2))
  .slice(0, 12);
const cents = (dollars: number) => Math.round(dollars * 100);

const customizationsArb = fc
  .record({
    name: fc.option(
      fc.record({
        side: fc.constantFrom('left_side', 'right_side'),
        text: fc.constantFrom('Garcia', "O'Neil", 'Lt. Ruiz', 'Ann-Marie'),
      }),
      { nil: undefined },
    ),
    us: fc.boolean(),
    az: fc.boolean(),
    usLeft: fc.boolean(),
  })
  .map((c) => [
    ...(c.name ? [{ type: 'add_name', position: c.name.side, text: c.name.text }] : []),
    ...(c.us ? [{ type: 'us_flag', position: c.usLeft ? 'left_side' : 'right_side' }] : []),
    ...(c.az ? [{ type: 'az_flag', position: c.usLeft ? 'right_side' : 'left_side' }] : []),
  ]);
const lineArb = fc.record({
  product: fc.integer({ min: 0, max: products.length - 1 }),
  size: fc.nat(),
  quantity: fc.integer({ min: 1, max: 99 }),
  customizations: customizationsArb,
});
const caseArb = fc.record({
  lines: fc.uniqueArray(lineArb, { minLength: 1, maxLength: 4, selector: (l) => l.product }),
  fulfillment: fc.constantFrom('pickup' as const, 'shipping' as const),
  domain: fc.constantFrom('example.test', 'dvfire.gov', 'maricopa.test'),
  settings: fc.record({
    taxPpm: fc.integer({ min: 0, max: 1500 }).map((hundredths) => hundredths * 100), // settings take a percent with two decimals
    shippingCents: fc.integer({ min: 0, max: 2500 }),
    nameCents: fc.integer({ min: 0, max: 1500 }),
    usCents: fc.integer({ min: 0, max: 1500 }),
    azCents: fc.integer({ min: 0, max: 1500 }),
  }),
});

let n = 0;

describe('one owner for money', () => {
  it('quote, placed order, order read back and e-mail agree to the cent with an independent computation', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const s = {
          tax_rate: c.settings.taxPpm / 1_000_000,
          shipping_cost: c.settings.shippingCents / 100,
          name_cost: c.settings.nameCents / 100,
          us_flag_cost: c.settings.usCents / 100,
          az_flag_cost: c.settings.azCents / 100,
        };
        const kindCents: Record<string, number> = {
          add_name: c.settings.nameCents,
          us_flag: c.settings.usCents,
          az_flag: c.settings.azCents,
        };
        expect(
          (await app.inject({ method: 'PUT', url: '/api/v1/settings/', headers: admin.headers, payload: s }))
            .statusCode,
        ).toBe(200);
        const user = await signedIn(app, 'other', { email: `money-${++n}-${Date.now()}@${c.domain}` });

        let subtotal = 0;
        // The seeded quantity breaks: per garment (all its colours and sizes), a percent off each piece's garment
        // price (base plus size), half up; decorations are not discounted.
        const garments = new Map<string, { count: number; pieces: { unit: number; quantity: number }[] }>();
        for (const l of c.lines) {
          const p = products[l.product]!;
          const size = p.sizes[l.size % p.sizes.length]!;
          const res = await app.inject({
            method: 'POST',
            url: '/api/v1/cart/items',
            headers: user.headers,
            payload: { product_id: p.id, size: size.label, quantity: l.quantity, customizations: l.customizations },
          });
          expect(res.statusCode, res.body).toBe(200);
          const g = garments.get(p.base_name) ?? { count: 0, pieces: [] };
          g.count += l.quantity;
          g.pieces.push({ unit: cents(p.price) + cents(size.upcharge), quantity: l.quantity });
          garments.set(p.base_name, g);
          subtotal +=
            (cents(p.price) + cents(size.upcharge) + l.customizations.reduce((sum, d) => sum + kindCents[d.type]!, 0)) *
            l.quantity;
        }
        let off = 0;
        for (const g of garments.values()) {
          const pct = g.count >= 48 ? 15n : g.count >= 24 ? 10n : g.count >= 12 ? 5n : 0n;
          for (const piece of g.pieces) off += Number((BigInt(piece.unit) * pct * 2n + 100n) / 200n) * piece.quantity;
        }
        const rawTax = Number((BigInt(subtotal - off) * BigInt(c.settings.taxPpm) * 2n + 1_000_000n) / 2_000_000n);
        const exempt = c.domain === 'maricopa.test';
        const ship = c.fulfillment === 'shipping' ? c.settings.shippingCents : 0;
        const expected = {
          subtotal,
          tax: exempt ? 0 : rawTax,
          shipping: ship,
          total: subtotal - off + (exempt ? 0 : rawTax) + ship,
        };
        const figures = (o: {
          subtotal: number;
          tax_amount: number;
          total: number;
          adjustments: { kind: string; amount: number }[];
        }) => ({
          subtotal: cents(o.subtotal),
          tax: cents(o.tax_amount),
          shipping: cents(o.adjustments.find((a) => a.kind === 'shipping')!.amount),
          total: cents(o.total),
        });

        const quote = (
          await app.inject({
            method: 'GET',
            url: `/api/v1/checkout/quote?fulfillment=${c.fulfillment}`,
            headers: user.headers,
          })
        ).json().quote;
        expect(figures(quote)).toEqual(expected);
        const body = c.fulfillment === 'shipping' ? shipping : { fulfillment: 'pickup' };
        const placed = await app.inject({
          method: 'POST',
          url: '/api/v1/orders/',
          headers: user.headers,
          payload: body,
        });
        expect(placed.statusCode, placed.body).toBe(201);
        const order = placed.json().order;
        expect(figures(order)).toEqual(expected);
        expect(order.adjustments).toEqual(quote.adjustments);
        const readBack = (
          await app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: { cookie: user.cookie } })
        ).json().order;
        expect(figures(readBack)).toEqual(expected);
        expect(readBack.adjustments).toEqual(quote.adjustments);

        const [mail] = await db
          .select()
          .from(outbox)
          .where(eq(outbox.toAddress, user.email))
          .orderBy(desc(outbox.id))
          .limit(1);
        expect(mail!.textBody).toContain(`Subtotal: ${formatUsd(expected.subtotal / 100)}`);
        expect(mail!.textBody).toContain(`Total: ${formatUsd(expected.total / 100)}`);
        for (const a of quote.adjustments)
          expect(mail!.textBody).toContain(
            `${a.label}: ${a.kind === 'shipping' && a.amount === 0 ? 'FREE' : formatUsd(a.amount)}`,
          );
      }),
      { numRuns: 50 },
    );
    await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: admin.headers,
      payload: { tax_rate: 0.078, shipping_cost: 8, customization_cost: 6 },
    });
  }, 120_000);

  it('the checkout quote refuses an unknown fulfilment and lists the lines that cannot be ordered', async () => {
    const user = await signedIn(app);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/v1/checkout/quote?fulfillment=drone',
      headers: { cookie: user.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Choose pickup or shipping');
    const guest = await app.inject({ method: 'GET', url: '/api/v1/checkout/quote', headers: json });
    expect(guest.statusCode).toBe(401);
    const empty = (
      await app.inject({ method: 'GET', url: '/api/v1/checkout/quote', headers: { cookie: user.cookie } })
    ).json().quote;
    expect(empty).toMatchObject({ fulfillment: 'pickup', items: [], subtotal: 0, total: 0, blocked: [] });
  });
});
