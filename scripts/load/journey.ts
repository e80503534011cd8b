// The mixed journey one connection repeats: browse, open a product, add it to the cart, read the cart, check out,
// and a staff member lists the orders. Every answer is checked: its status and what its body must say.
import type { Connection } from './connection';
import { recordAnswer, recordFailure, type Kind, type Tally } from './tally';

const API = '/api/v1';
const JSON_TYPE = { 'content-type': 'application/json' };

type Product = { id: number; slug: string; sizes: { label: string }[] };
type CartItem = { product_id: number; size: string };
type Cart = { items: CartItem[]; total: number };

export type Shopper = { cookie: string };
/** seed spreads the connections over the catalogue; keyPrefix makes every Idempotency-Key of the run unique. */
export type JourneyPlan = { staffCookie: string; keyPrefix: string; seed: number };

/** A step whose answer failed its check; the journey stops there because the next steps build on it. */
class StepFailed extends Error {}

export async function journey(
  conn: Connection,
  tally: Tally,
  plan: JourneyPlan,
  shopper: Shopper,
  n: number,
): Promise<void> {
  const step = async <T>(
    kind: Kind,
    method: 'GET' | 'POST',
    path: string,
    cookie: string,
    opts: { body?: unknown; headers?: Record<string, string>; expect?: number },
    check: (json: T) => string | null,
  ): Promise<T> => {
    let answer;
    try {
      const headers = { cookie, ...(opts.body === undefined ? {} : JSON_TYPE), ...opts.headers };
      answer = await conn.send(method, path, headers, opts.body === undefined ? undefined : JSON.stringify(opts.body));
    } catch (err) {
      recordFailure(tally, { kind, status: null, problem: `${method} ${path}: ${(err as Error).message}` });
      throw new StepFailed();
    }
    recordAnswer(tally, kind, answer.status, answer.ms);
    const expected = opts.expect ?? 200;
    if (answer.status !== expected) {
      recordFailure(tally, {
        kind,
        status: answer.status,
        problem: `${method} ${path}: expected ${expected}, got ${answer.text.slice(0, 300)}`,
      });
      throw new StepFailed();
    }
    let json: T;
    try {
      json = JSON.parse(answer.text) as T;
    } catch {
      recordFailure(tally, {
        kind,
        status: answer.status,
        problem: `${method} ${path}: the body is not JSON: ${answer.text.slice(0, 200)}`,
      });
      throw new StepFailed();
    }
    const problem = check(json);
    if (problem) {
      recordFailure(tally, { kind, status: answer.status, problem: `${method} ${path}: ${problem}` });
      throw new StepFailed();
    }
    return json;
  };
  const holds = (cart: Cart | undefined, p: Product, size: string) =>
    cart?.items?.some((i) => i.product_id === p.id && i.size === size) ?? false;

  try {
    const me = shopper.cookie;
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
    // Every third journey embroiders a name, so the checkout also prices customisations.
    const customizations = n % 3 === 0 ? [{ type: 'add_name', position: 'left_side', text: 'GARCIA' }] : [];
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
    await step<{ order: { items: unknown[]; total: number; status: string } }>(
      'checkout',
      'POST',
      `${API}/orders/`,
      me,
      { body: { fulfillment: 'pickup' }, headers: { 'idempotency-key': `${plan.keyPrefix}-${n}` }, expect: 201 },
      (j) => {
        if (j.order?.items?.length !== cart.items.length)
          return `order has ${j.order?.items?.length} lines, the cart had ${cart.items.length}`;
        if (j.order.total !== cart.total) return `order total ${j.order.total}, the cart said ${cart.total}`;
        return j.order.status === 'pending' ? null : `status ${j.order.status}`;
      },
    );
    await step<{ orders: unknown[]; total: number }>(
      'staff orders',
      'GET',
      `${API}/orders/admin/all`,
      plan.staffCookie,
      {},
      (j) => (Array.isArray(j.orders) && j.orders.length > 0 && typeof j.total === 'number' ? null : 'no order list'),
    );
    tally.journeys += 1;
  } catch (err) {
    if (!(err instanceof StepFailed)) throw err;
  }
}
