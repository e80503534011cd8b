import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { orderLines, orders, products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, mailsTo, pickup } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// What each product takes and where (docs/product.md#customisations): the starter caps take a front name only, the
// pants a name on the left leg, neither a sleeve patch; the cart, a modified order, a staff edit and its quote all
// refuse anything else with a 400 naming the decoration, and change nothing.
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const admin = await signedIn(app, 'admin');

const bySlug = async (slug: string) => (await db.select().from(products).where(eq(products.slug, slug)))[0]!;
const cap = await bySlug('structured-cap-navy');
const pants = await bySlug('ems-pants-navy');
const polo = await bySlug('duty-polo-navy');

const NAME = (position: string) => ({ type: 'add_name', position, text: 'GARCIA' });
const US_LEFT = { type: 'us_flag', position: 'left_side' };

const addToCart = (user: SignedIn, product_id: number, size: string, customizations: object[]) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/cart/items',
    headers: user.headers,
    payload: { product_id, size, quantity: 1, customizations },
  });

async function pendingOrder(user: SignedIn) {
  await fillCart(app, user.id, [{ productId: polo.id, size: 'M', quantity: 1 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: pickup });
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}

const REFUSALS = [
  [cap, 'S/M', [US_LEFT], 'us_flag', 'Structured Ball Cap does not take a US flag patch'],
  [
    cap,
    'S/M',
    [NAME('left_side')],
    'add_name',
    'Structured Ball Cap does not take an embroidered name on the left side',
  ],
  [pants, '32', [US_LEFT], 'us_flag', 'EMS Cargo Pants does not take a US flag patch'],
  [
    pants,
    '32',
    [NAME('left_leg'), { type: 'az_flag', position: 'right_side' }],
    'az_flag',
    'EMS Cargo Pants does not take an Arizona flag patch',
  ],
  [pants, '32', [NAME('right_leg')], 'add_name', 'EMS Cargo Pants does not take an embroidered name on the right leg'],
  [polo, 'M', [NAME('front')], 'add_name', 'Duty Polo does not take an embroidered name on the front'],
] as const;

describe('what each product takes', () => {
  it('the catalogue answers the starter rules: caps a front name, pants a left-leg name, tops everything', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/v1/products/' })).json().products as {
      slug: string;
      customizations: unknown;
    }[];
    expect(list.find((p) => p.slug === cap.slug)!.customizations).toEqual([{ type: 'add_name', sides: ['front'] }]);
    expect(list.find((p) => p.slug === pants.slug)!.customizations).toEqual([
      { type: 'add_name', sides: ['left_leg'] },
    ]);
    expect(list.find((p) => p.slug === polo.slug)!.customizations).toHaveLength(3);
  });

  it.each(REFUSALS)('the cart refuses %#: %s', async (product, size, customizations, type, message) => {
    const user = await signedIn(app);
    const res = await addToCart(user, product.id, size, [...customizations]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'CUSTOMIZATION_NOT_OFFERED', detail: message, message });
    expect(res.json().errors).toEqual([{ field: `customizations.${type}`, message }]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/cart/', headers: user.headers })).json().cart.items,
    ).toEqual([]);
  });

  it('the cart takes what the product takes, on the position it takes it', async () => {
    const user = await signedIn(app);
    expect((await addToCart(user, cap.id, 'S/M', [NAME('front')])).statusCode).toBe(200);
    const res = await addToCart(user, pants.id, '32', [NAME('left_leg')]);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().cart.items.map((i: { customizations: { position: string }[] }) => i.customizations[0]!.position),
    ).toEqual(['front', 'left_leg']);
  });

  it.each(REFUSALS)(
    'a staff edit and its quote refuse %#, naming the line, and change nothing',
    async (product, size, customizations, type, message) => {
      const user = await signedIn(app);
      const order = await pendingOrder(user);
      const mails = (await mailsTo(app, user.email)).length;
      const items = [
        { product_id: polo.id, size: 'M', quantity: 1, customizations: [] },
        { product_id: product.id, size, quantity: 2, customizations },
      ];
      for (const [method, url] of [
        ['PUT', `/api/v1/orders/admin/${order.id}/items`],
        ['POST', `/api/v1/orders/admin/${order.id}/quote`],
      ] as const) {
        const res = await app.inject({ method, url, headers: staff.headers, payload: { items } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ code: 'CUSTOMIZATION_NOT_OFFERED', detail: message });
        expect(res.json().errors).toEqual([{ field: `items.1.customizations.${type}`, message }]);
      }
      expect(await db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).toHaveLength(1);
      expect((await mailsTo(app, user.email)).length).toBe(mails);
    },
  );

  it('a denied order modified with a sleeve patch on a cap is refused; a line already on the order stays', async () => {
    const user = await signedIn(app);
    const order = await pendingOrder(user);
    // An order from before the rule: a cap with a sleeve patch, stored as it was placed.
    await db.insert(orderLines).values({
      orderId: order.id,
      productId: cap.id,
      productName: 'Structured Ball Cap - Navy',
      productSlug: cap.slug,
      imageBase: cap.imageBase,
      isMultiImage: false,
      size: 'S/M',
      quantity: 1,
      customizations: [{ type: 'us_flag', position: 'left_side', text: null }],
      unitBaseCents: cap.basePriceCents,
      unitCustomizationCents: 600,
      unitUsFlagCents: 600,
      totalCents: cap.basePriceCents + 600,
    });
    await db.update(orders).set({ status: 'denied' }).where(eq(orders.id, order.id));
    const read = await app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: user.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json().order.items[1].customizations[0]).toMatchObject({ type: 'us_flag', position: 'left_side' });

    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/modify`,
      headers: user.headers,
      payload: {
        items: [
          {
            product_id: cap.id,
            size: 'L/XL',
            quantity: 1,
            customizations: [{ type: 'us_flag', position: 'right_side' }],
          },
        ],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Structured Ball Cap does not take a US flag patch');

    // Resubmitted as it was, the old line is kept: nobody has to undo what the customer already ordered.
    const kept = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/modify`,
      headers: user.headers,
      payload: {},
    });
    expect(kept.statusCode, kept.body).toBe(201);
  });

  it('staff change what a garment takes in the catalogue editor, and the cart follows at once', async () => {
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/products/${cap.id}`,
      headers: admin.headers,
      payload: {
        customizations: [
          { type: 'add_name', sides: ['front'] },
          { type: 'az_flag', sides: ['left_side'] },
        ],
      },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const user = await signedIn(app);
    expect((await addToCart(user, cap.id, 'S/M', [{ type: 'az_flag', position: 'left_side' }])).statusCode).toBe(200);
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/products/${cap.id}`,
      headers: admin.headers,
      payload: { customizations: [{ type: 'add_name', sides: ['elbow'] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Choose where it goes');
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/products/${cap.id}`,
      headers: admin.headers,
      payload: { customizations: [{ type: 'add_name', sides: ['front'] }] },
    });
  });
});

describe('a cart line the product no longer takes (security round 4, finding 10)', () => {
  it('is flagged in the cart, and checkout refuses it with a 400 naming the line and creates nothing', async () => {
    const taken = new Set([cap.id, pants.id, polo.id]);
    const all = await db.select().from(products).where(eq(products.active, true));
    const top = all.find((p) => !taken.has(p.id) && p.customizations.some((c) => c.type === 'us_flag'))!;
    const user = await signedIn(app);
    const size = top.sizes[0]!.label;
    expect((await addToCart(user, top.id, size, [US_LEFT])).statusCode).toBe(200);
    const narrowed = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/products/${top.id}`,
      headers: admin.headers,
      payload: { customizations: [{ type: 'add_name', sides: ['left_side'] }] },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    try {
      const name = `${top.baseName} - ${top.color}`;
      const message = `${name} does not take a US flag patch. Remove it from your cart (you can add it again without that decoration) to continue.`;
      const cart = await app.inject({ method: 'GET', url: '/api/v1/cart/', headers: user.headers });
      expect(cart.json().cart.items).toMatchObject([{ product_id: top.id, needs_fix: message }]);
      const quote = await app.inject({
        method: 'GET',
        url: '/api/v1/checkout/quote?fulfillment=pickup',
        headers: user.headers,
      });
      expect(quote.json().quote.blocked).toEqual([{ item_id: cart.json().cart.items[0].id, reason: message }]);

      const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: pickup });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'CART_LINE_NEEDS_FIX', detail: message });
      expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
      const after = await app.inject({ method: 'GET', url: '/api/v1/cart/', headers: user.headers });
      expect(after.json().cart.items).toHaveLength(1);
    } finally {
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/products/${top.id}`,
        headers: admin.headers,
        payload: { customizations: top.customizations },
      });
    }
  });
});
