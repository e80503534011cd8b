// The shop's endpoints as the bench drives them: which sessions, bodies and headers each request carries.
import type { Endpoint } from './load';
import { PLAN } from './options';
import type { Seeded } from './seed';

const fmt = (n: number) => n.toLocaleString('en-US');
const API = '/api/v1';

export function shopEndpoints(s: Seeded): Record<string, Endpoint> {
  const staff = () => ({ cookie: s.staffCookie });
  const pick = <T>(xs: T[], n: number) => xs[n % xs.length]!;
  return {
    health: { name: 'health', data: '—', method: 'GET', path: `${API}/health`, baseline: 'hello' },
    products: { name: 'products', data: 'seeded catalogue', method: 'GET', path: `${API}/products/`, baseline: 'row' },
    cart: {
      name: 'cart',
      data: '3-line carts',
      method: 'GET',
      path: `${API}/cart/`,
      baseline: 'row',
      vary: (n) => ({ cookie: pick(s.readerCookies, n) }),
    },
    quote: {
      name: 'quote',
      data: '3-line carts, shipping',
      method: 'GET',
      path: `${API}/checkout/quote?fulfillment=shipping`,
      baseline: 'row',
      vary: (n) => ({ cookie: pick(s.readerCookies, n) }),
    },
    add: {
      name: 'add',
      data: `${fmt(s.adderCookies.length)} customers`,
      method: 'POST',
      path: `${API}/cart/items`,
      baseline: 'row',
      vary: (n) => {
        const product = pick(s.products, Math.floor(n / s.adderCookies.length));
        return {
          cookie: pick(s.adderCookies, n),
          body: JSON.stringify({ product_id: product.id, size: product.size, quantity: 1, customizations: {} }),
        };
      },
    },
    conversations: {
      name: 'conversations',
      data: `${fmt(PLAN.messages)} messages`,
      method: 'GET',
      path: `${API}/contact/conversations`,
      baseline: 'row',
      vary: staff,
    },
    order: {
      name: 'order',
      data: `${fmt(s.checkoutCookies.length)} full carts`,
      method: 'POST',
      path: `${API}/orders/`,
      baseline: 'row',
      // Each request takes the next pre-filled cart; past the last one the carts are empty and answers turn non-2xx.
      vary: (n) => ({
        cookie: pick(s.checkoutCookies, n),
        body: '{"fulfillment":"pickup"}',
        headers: { 'idempotency-key': `bench-${process.pid}-${n}` },
      }),
    },
  };
}

export const adminList = (name: string, orders: number, s: Seeded): Endpoint => ({
  name,
  data: `${fmt(orders)} orders`,
  method: 'GET',
  path: `${API}/orders/admin/all`,
  baseline: 'row',
  vary: () => ({ cookie: s.staffCookie }),
});
