// The mixed journey one connection repeats: browse, open a product, add it to the cart, read the cart, check out, and
// a staff member lists the orders. One journey in ten also runs one back-office journey (back-office.ts), each in
// its own slot of ten: a department member shops and checks out against an allowance, the shop floor reads the
// production sheet, an admin edits a garment, or a customer writes and staff reply. Every answer is checked: its
// status and what its body must say.
import { conversationReply, catalogueEdit, productionSheet, type Floor, type Writer } from './back-office';
import type { Connection } from './connection';
import { API, StepFailed, stepper } from './step';
import type { ProductLocks } from './locks';
import type { Tally } from './tally';

type Product = {
  id: number;
  slug: string;
  sizes: { label: string }[];
  /** What the garment takes and where (a cap takes a name on its front only). */
  customizations?: { type: string; sides: string[] }[];
};
type CartItem = { product_id: number; size: string };
type Cart = { items: CartItem[]; total: number };
type Adjustment = { kind: string; label: string; amount: number };
type Order = { id: number; items: unknown[]; total: number; status: string; adjustments: Adjustment[] };

export type Shopper = { cookie: string };
/**
 * One connection's plan: seed spreads the connections over the catalogue and the slots; keyPrefix makes every
 * Idempotency-Key of the run unique; members and writers are this connection's own, so no two connections share a
 * cart, a balance or a contact limit. floor and writes change as its journeys run.
 */
export type JourneyPlan = {
  staffCookie: string;
  keyPrefix: string;
  seed: number;
  members: string[];
  writers: Writer[];
  floor: Floor;
  writes: { sent: number };
  locks: ProductLocks;
};

/** Which back-office journey a journey carries, by its slot of ten; the other six slots are shopping only. */
const SLOTS: Record<number, 'allowance' | 'production' | 'catalogue' | 'conversation'> = {
  0: 'allowance',
  2: 'production',
  5: 'catalogue',
  7: 'conversation',
};

export async function journey(
  conn: Connection,
  tally: Tally,
  plan: JourneyPlan,
  shopper: Shopper,
  n: number,
): Promise<void> {
  const step = stepper(conn, tally);
  const holds = (cart: Cart | undefined, p: Product, size: string) =>
    cart?.items?.some((i) => i.product_id === p.id && i.size === size) ?? false;
  const slot = SLOTS[(n + plan.seed) % 10];
  // The allowance journey is this same shopping as a department member: the other slots' steps stay comparable.
  const me = slot === 'allowance' ? plan.members[Math.floor(n / 10) % plan.members.length]! : shopper.cookie;

  try {
    const list = await step<{ success: boolean; products: Product[] }>(
      'products',
      'GET',
      `${API}/products/`,
      me,
      {},
      (j) => (j.success === true && Array.isArray(j.products) && j.products.length > 0 ? null : 'no products listed'),
    );
    const picked = list.products[(n * 7 + plan.seed) % list.products.length]!;
    const product = (
      await step<{ product: Product }>(
        'product',
        'GET',
        `${API}/products/${encodeURIComponent(picked.slug)}`,
        me,
        {},
        (j) => (j.product?.slug === picked.slug ? null : `answered ${j.product?.slug ?? 'no product'}`),
      )
    ).product;
    const size = product.sizes[n % product.sizes.length]!.label;
    // Every third journey embroiders a name where the garment takes one, so the checkout also prices customisations.
    const nameAt = product.customizations?.find((c) => c.type === 'add_name')?.sides[0];
    const customizations = n % 3 === 0 && nameAt ? [{ type: 'add_name', position: nameAt, text: 'GARCIA' }] : [];
    await step<{ success: boolean; cart: Cart }>(
      'add to cart',
      'POST',
      `${API}/cart/items`,
      me,
      { body: { product_id: product.id, size, quantity: 1 + (n % 2), customizations } },
      (j) => (j.success === true && holds(j.cart, product, size) ? null : 'the answered cart lacks the added line'),
    );
    const { cart } = await step<{ cart: Cart }>('cart', 'GET', `${API}/cart/`, me, {}, (j) =>
      holds(j.cart, product, size) ? null : 'the cart lacks the added line',
    );
    const sameAsCart = (o: Order | undefined) => {
      if (o?.items?.length !== cart.items.length)
        return `order has ${o?.items?.length} lines, the cart had ${cart.items.length}`;
      return o.status === 'pending' ? null : `status ${o.status}`;
    };
    const idempotency = { 'idempotency-key': `${plan.keyPrefix}-${n}` };
    let order: Order;
    if (slot === 'allowance') {
      // As the checkout page does: the quote shows the allowance, and the order is placed expecting that amount.
      const { quote } = await step<{ quote: { total: number; adjustments: Adjustment[] } }>(
        'allowance quote',
        'GET',
        `${API}/checkout/quote?fulfillment=pickup`,
        me,
        {},
        (j) =>
          j.quote?.adjustments?.some((a) => a.kind === 'allowance') ? null : 'the quote has no allowance adjustment',
      );
      const allowance = quote.adjustments.find((a) => a.kind === 'allowance')!;
      ({ order } = await step<{ order: Order }>(
        'allowance checkout',
        'POST',
        `${API}/orders/`,
        me,
        { body: { fulfillment: 'pickup', expected_allowance: -allowance.amount }, headers: idempotency, expect: 201 },
        (j) => {
          const applied = j.order?.adjustments?.find((a) => a.kind === 'allowance');
          if (applied?.amount !== allowance.amount)
            return `allowance ${applied?.amount ?? 'missing'}, the quote said ${allowance.amount}`;
          if (j.order.total !== quote.total) return `order total ${j.order.total}, the quote said ${quote.total}`;
          return sameAsCart(j.order);
        },
      ));
    } else {
      ({ order } = await step<{ order: Order }>(
        'checkout',
        'POST',
        `${API}/orders/`,
        me,
        { body: { fulfillment: 'pickup' }, headers: idempotency, expect: 201 },
        (j) =>
          j.order?.total === cart.total
            ? sameAsCart(j.order)
            : `order total ${j.order?.total}, the cart said ${cart.total}`,
      ));
    }
    plan.floor.placed.push(order.id);
    await step<{ orders: unknown[]; total: number }>(
      'staff orders',
      'GET',
      `${API}/orders/admin/all`,
      plan.staffCookie,
      {},
      (j) => (Array.isArray(j.orders) && j.orders.length > 0 && typeof j.total === 'number' ? null : 'no order list'),
    );
    if (slot === 'allowance') tally.backOffice['allowance checkout'] += 1;
    if (slot === 'production') {
      await productionSheet(step, plan.staffCookie, plan.floor);
      tally.backOffice['production sheet'] += 1;
    }
    if (slot === 'catalogue') {
      const edited = list.products[(plan.seed + Math.floor(n / 10)) % list.products.length]!;
      await catalogueEdit(step, plan.staffCookie, plan.locks, edited, `${plan.keyPrefix}-${n}`);
      tally.backOffice['catalogue edit'] += 1;
    }
    if (slot === 'conversation') {
      await conversationReply(step, tally, plan, `${plan.keyPrefix}-${n}`);
      tally.backOffice['conversation reply'] += 1;
    }
    tally.journeys += 1;
  } catch (err) {
    if (!(err instanceof StepFailed)) throw err;
  }
}
