import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../../shared/cart';
import type { BuyAgainResult, MySize } from '../../shared/fit';
import { departments, orders, products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup, type CartItem } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload ? { payload: payload as object } : {}),
  });

const bySlug = async (slug: string) => (await db.select().from(products).where(eq(products.slug, slug)))[0]!;

/** Places a pickup order of these lines for the customer and empties their cart. */
async function placed(who: SignedIn, items: CartItem[]) {
  await fillCart(app, who.id, items);
  const res = await call(who, 'POST', '/orders/', pickup);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: number };
}
const cartOf = async (who: SignedIn) => (await call(who, 'GET', '/cart/')).json().cart as Cart;
const buyAgain = async (who: SignedIn, orderId: number) => {
  const res = await call(who, 'POST', `/orders/${orderId}/buy-again`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BuyAgainResult;
};

describe('POST /orders/:id/buy-again', () => {
  it("puts the order's lines back at today's prices and says what changed", async () => {
    const who = await signedIn(app);
    const polo = await bySlug('duty-polo-navy');
    const tee = await bySlug('station-tee-black');
    const name = { type: 'add_name' as const, position: 'left_side' as const, text: 'Garcia' };
    const order = await placed(who, [
      { productId: polo.id, size: 'L', quantity: 2, customizations: [name] },
      { productId: tee.id, size: 'XL', quantity: 1 },
    ]);
    // The polo goes up by two dollars after the order; the tee keeps its price.
    const patched = await call(admin, 'PATCH', `/admin/products/${polo.id}`, { base_price: 34 });
    expect(patched.statusCode, patched.body).toBe(200);

    const result = await buyAgain(who, order.id);
    expect(result.message).toBe('Added 3 items to your cart');
    expect(result.added).toEqual([
      { name: 'Duty Polo in Navy', size: 'L', quantity: 2 },
      { name: 'Station T-Shirt in Black', size: 'XL', quantity: 1 },
    ]);
    expect(result.changes).toEqual(['Duty Polo now $34.00, was $32.00']);

    const cart = await cartOf(who);
    const poloLine = cart.items.find((i) => i.product_id === polo.id)!;
    expect(poloLine).toMatchObject({ size: 'L', quantity: 2, unit_base_price: 34, price_changed: false });
    expect(poloLine.customizations).toMatchObject([{ type: 'add_name', position: 'left_side', text: 'Garcia' }]);
    expect(cart.items.find((i) => i.product_id === tee.id)).toMatchObject({ size: 'XL', quantity: 1 });
    await call(admin, 'PATCH', `/admin/products/${polo.id}`, { base_price: 32 });
  });

  it('leaves out a garment no longer sold or a size no longer made, and drops a decoration no longer taken', async () => {
    const who = await signedIn(app);
    const [red, cap, pants] = await Promise.all([
      bySlug('duty-polo-fire-red'),
      bySlug('structured-cap-navy'),
      bySlug('ems-pants-khaki'),
    ]);
    const order = await placed(who, [
      { productId: red.id, size: 'M' },
      { productId: cap.id, size: 'S/M', customizations: [{ type: 'add_name', position: 'front', text: 'Lee' }] },
      { productId: pants.id, size: '44' },
    ]);
    await call(admin, 'PATCH', `/admin/products/${red.id}`, { active: false });
    await call(admin, 'PATCH', `/admin/products/${cap.id}`, { customizations: [] });
    await call(admin, 'PATCH', `/admin/products/${pants.id}`, {
      sizes: pants.sizes
        .filter((s) => s.label !== '44')
        .map((s) => ({ label: s.label, upcharge: s.upcharge_cents / 100 })),
    });
    try {
      const result = await buyAgain(who, order.id);
      expect(result.added).toEqual([{ name: 'Structured Ball Cap in Navy', size: 'S/M', quantity: 1 }]);
      expect(result.changes).toEqual([
        'Duty Polo in Fire Red is no longer sold',
        'Structured Ball Cap does not take an embroidered name, so it was left off',
        'EMS Cargo Pants in Khaki no longer comes in size 44',
      ]);
      const cart = await cartOf(who);
      expect(cart.items.map((i) => i.product_id)).toEqual([cap.id]);
      expect(cart.items[0]!.customizations).toEqual([]);
    } finally {
      await call(admin, 'PATCH', `/admin/products/${red.id}`, { active: true });
      await call(admin, 'PATCH', `/admin/products/${cap.id}`, { customizations: cap.customizations });
      await call(admin, 'PATCH', `/admin/products/${pants.id}`, {
        sizes: pants.sizes.map((s) => ({ label: s.label, upcharge: s.upcharge_cents / 100 })),
      });
    }
  });

  it('says when the decorations cost more than on the old order', async () => {
    const who = await signedIn(app);
    const flag = { type: 'us_flag' as const, position: 'right_side' as const, text: null };
    const royal = await bySlug('duty-polo-royal-blue');
    const order = await placed(who, [{ productId: royal.id, size: 'S', customizations: [flag] }]);
    const prices = { tax_rate: 0.078, shipping_cost: 8, name_cost: 6, us_flag_cost: 7.5, az_flag_cost: 6 };
    expect((await call(admin, 'PUT', '/settings/', prices)).statusCode).toBe(200);
    try {
      const result = await buyAgain(who, order.id);
      expect(result.changes).toEqual(['The decorations on Duty Polo now $7.50, were $6.00']);
      expect((await cartOf(who)).items[0]).toMatchObject({ unit_customization_price: 7.5 });
    } finally {
      await call(admin, 'PUT', '/settings/', { ...prices, us_flag_cost: 6 });
    }
  });

  it('adds nothing when the only garment is withdrawn', async () => {
    const who = await signedIn(app);
    const tee = await bySlug('station-tee-heather-gray');
    const order = await placed(who, [{ productId: tee.id, size: 'S', quantity: 3 }]);
    await call(admin, 'PATCH', `/admin/products/${tee.id}`, { active: false });
    try {
      const result = await buyAgain(who, order.id);
      expect(result).toMatchObject({
        message: 'Nothing from this order could be added to your cart',
        added: [],
        changes: ['Station T-Shirt in Heather Gray is no longer sold'],
      });
      expect((await cartOf(who)).items).toEqual([]);
    } finally {
      await call(admin, 'PATCH', `/admin/products/${tee.id}`, { active: true });
    }
  });

  it("applies the member's department catalogue", async () => {
    const polo = await bySlug('duty-polo-black');
    const tee = await bySlug('station-tee-navy');
    const who = await signedIn(app);
    const order = await placed(who, [
      { productId: polo.id, size: 'M' },
      { productId: tee.id, size: 'M' },
    ]);
    const [dept] = await db
      .insert(departments)
      .values({ name: 'Buy Again Dept', memberEmails: [who.email], productIds: [tee.id], requiresApproval: false })
      .returning();
    try {
      const result = await buyAgain(who, order.id);
      expect(result.added.map((a) => a.name)).toEqual(['Station T-Shirt in Navy']);
      expect(result.changes).toEqual(["Duty Polo in Black is not in your department's catalogue"]);
    } finally {
      await db.delete(departments).where(eq(departments.id, dept!.id));
    }
  });

  it("answers 404 for another customer's order and changes nothing", async () => {
    const owner = await signedIn(app);
    const other = await signedIn(app);
    const order = await placed(owner, [{ size: 'M' }]);
    const res = await call(other, 'POST', `/orders/${order.id}/buy-again`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Order not found');
    expect((await cartOf(other)).items).toEqual([]);
  });
});

describe('my sizes', () => {
  it('remembers the size of each garment last ordered, not counting cancelled orders; staff see them', async () => {
    const who = await signedIn(app);
    const navy = await bySlug('duty-polo-navy');
    const black = await bySlug('duty-polo-black');
    const pants = await bySlug('ems-pants-navy');
    await placed(who, [
      { productId: navy.id, size: 'L' },
      { productId: pants.id, size: '34' },
    ]);
    const later = await placed(who, [{ productId: black.id, size: 'XL' }]);
    const mine = async () => {
      const res = await call(who, 'GET', '/orders/my-sizes');
      expect(res.statusCode).toBe(200);
      return (res.json().sizes as MySize[]).map((s) => [s.garment, s.size]);
    };
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(orders.id, later.id));
    // Another colour of the same garment is the same fit: the later polo's size wins.
    expect(await mine()).toEqual([
      ['Duty Polo', 'XL'],
      ['EMS Cargo Pants', '34'],
    ]);
    const record = await call(admin, 'GET', `/customers/${who.id}`);
    expect(record.statusCode, record.body).toBe(200);
    expect((record.json().customer.sizes as MySize[]).map((s) => [s.garment, s.category, s.size])).toEqual([
      ['Duty Polo', 'polos', 'XL'],
      ['EMS Cargo Pants', 'pants', '34'],
    ]);

    expect((await call(who, 'DELETE', `/orders/${later.id}`)).statusCode).toBe(200);
    expect(await mine()).toEqual([
      ['Duty Polo', 'L'],
      ['EMS Cargo Pants', '34'],
    ]);
  });

  it('is empty for a new customer and refuses guests', async () => {
    const who = await signedIn(app);
    expect((await call(who, 'GET', '/orders/my-sizes')).json()).toEqual({ success: true, sizes: [] });
    expect((await app.inject({ method: 'GET', url: '/api/v1/orders/my-sizes' })).statusCode).toBe(401);
  });
});
