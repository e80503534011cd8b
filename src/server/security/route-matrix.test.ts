import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../shared/constants';
import { installAccessControl, type Access } from '../http/access';
import { json, signedIn } from '../test/users';
import { recordFigures } from './figures';
import { appWithRoutes, fillParams, key } from './route-kit';

const { app, routes } = await appWithRoutes();

// The declared access of every API route, written out by hand so a new route (or a changed declaration)
// fails here until someone decides who may call it: add it to the matrix.
const MATRIX: Record<string, Access> = {
  'GET /health': 'public',
  'GET /admin/mail': 'admin',
  'POST /admin/mail/:id/resend': 'admin',
  'POST /admin/mail/resend-failed': 'admin',
  'POST /admin/backup': 'admin',
  'GET /health/ready': 'public',
  'POST /auth/request-pin': 'public',
  'POST /auth/verify-pin': 'public',
  'GET /auth/me': 'customer',
  'GET /auth/check': 'customer',
  'POST /auth/refresh': 'public',
  'POST /auth/logout': 'public',
  'GET /auth/config': 'public',
  'GET /settings/': 'public',
  'GET /settings': 'public',
  'PUT /settings/': 'admin',
  'PUT /settings': 'admin',
  'POST /contact': 'public',
  'POST /contact/': 'public',
  'GET /contact/': 'staff',
  'GET /contact/conversations': 'staff',
  'GET /contact/stats/': 'staff',
  'GET /contact/stats': 'staff',
  'GET /contact/thread/:id': 'staff',
  'GET /contact/:id/thread': 'staff',
  'GET /contact/:id': 'staff',
  'PUT /contact/:id/read': 'staff',
  'POST /contact/:id/send-reply': 'staff',
  'PATCH /contact/:id': 'staff',
  'GET /contact/mine': 'customer',
  'GET /contact/mine/:id': 'customer',
  'POST /contact/mine/:id/reply': 'customer',
  'POST /contact/inbound': 'public',
  'GET /contact/held': 'staff',
  'GET /contact/orders/:id/messages': 'staff',
  // Saved replies: every staff member inserts them; only admins keep the list.
  'GET /contact/saved-replies': 'staff',
  'POST /contact/saved-replies': 'admin',
  'PATCH /contact/saved-replies/:id': 'admin',
  'DELETE /contact/saved-replies/:id': 'admin',
  'GET /contact/staff': 'staff',
  'PUT /contact/conversations/:id/assignee': 'staff',
  'PUT /contact/conversations/:id/unread': 'staff',
  'POST /contact/orders/:id/messages': 'staff',
  'POST /contact/held/:id/accept': 'staff',
  'DELETE /contact/held/:id': 'staff',
  'GET /products/': 'public',
  'GET /products': 'public',
  'GET /products/:slug': 'public',
  'GET /admin/products/': 'staff',
  'GET /admin/products': 'staff',
  'POST /admin/products/': 'admin',
  'POST /admin/products': 'admin',
  'PATCH /admin/products/:id': 'admin',
  'POST /admin/products/:id/images': 'admin',
  'DELETE /admin/products/:id/images/:side': 'admin',
  'PUT /admin/products/:id/quantity-breaks': 'admin',
  'GET /admin/quantity-breaks': 'staff',
  'PUT /admin/quantity-breaks': 'admin',
  'GET /admin/search-synonyms': 'staff',
  'POST /admin/search-synonyms': 'admin',
  'PUT /admin/search-synonyms/:id': 'admin',
  'DELETE /admin/search-synonyms/:id': 'admin',
  'GET /cart/': 'customer',
  'GET /cart': 'customer',
  'POST /cart/items/run': 'customer',
  'POST /cart/roster': 'customer',
  'DELETE /cart/': 'customer',
  'DELETE /cart': 'customer',
  'POST /cart/items': 'customer',
  'GET /kits/': 'customer',
  'POST /kits/:id/cart': 'customer',
  'GET /departments/:id/kits': 'admin',
  'POST /kits/admin/': 'admin',
  'PUT /kits/admin/:id': 'admin',
  'DELETE /kits/admin/:id': 'admin',
  'PUT /cart/items/:id': 'customer',
  'DELETE /cart/items/:id': 'customer',
  'GET /users/profile/': 'customer',
  'GET /users/profile': 'customer',
  'PUT /users/profile/': 'customer',
  'PUT /users/profile': 'customer',
  'PUT /users/language/': 'customer',
  'PUT /users/language': 'customer',
  'GET /users/': 'admin',
  'GET /users': 'admin',
  'PATCH /users/:id': 'admin',
  'GET /users/allowed-emails/': 'admin',
  'GET /users/allowed-emails': 'admin',
  'POST /users/allowed-emails/': 'admin',
  'POST /users/allowed-emails': 'admin',
  'DELETE /users/allowed-emails/:id': 'admin',
  'GET /users/signin-policy/': 'admin',
  'GET /users/signin-policy': 'admin',
  'PUT /users/signin-policy/': 'admin',
  'PUT /users/signin-policy': 'admin',
  'GET /departments/': 'admin',
  'GET /departments': 'admin',
  'POST /departments/': 'admin',
  'POST /departments': 'admin',
  'PATCH /departments/:id': 'admin',
  'DELETE /departments/:id': 'admin',
  'GET /departments/:id/allowances': 'admin',
  'PUT /departments/:id/allowances/:userId': 'admin',
  'GET /users/me/allowance': 'customer',
  'GET /departments/:id/report': 'admin',
  'GET /departments/:id/report.csv': 'admin',
  'POST /departments/:id/statement': 'admin',
  'GET /orders/': 'customer',
  'GET /orders': 'customer',
  'POST /orders/': 'customer',
  'POST /orders': 'customer',
  'GET /orders/checkout-info': 'customer',
  'GET /checkout/quote': 'customer',
  'GET /orders/admin/all': 'staff',
  'GET /orders/admin/production': 'staff',
  'GET /today': 'staff',
  'GET /search': 'staff',
  'GET /orders/admin/export.csv': 'staff',
  'GET /orders/admin/:id': 'staff',
  'GET /orders/:id': 'customer',
  'DELETE /orders/:id': 'customer',
  'POST /orders/:id/modify': 'customer',
  'POST /orders/:id/buy-again': 'customer',
  'GET /orders/my-sizes': 'customer',
  'PUT /orders/:id/status': 'staff',
  'POST /orders/admin/bulk-status': 'staff',
  'POST /orders/admin/:id/notes': 'staff',
  'PUT /orders/admin/:id/items': 'staff',
  'PUT /orders/admin/:id/due-date': 'staff',
  'POST /orders/admin/:id/quote': 'staff',
  'GET /orders/admin/for-customer/:customerId': 'staff',
  'POST /orders/admin/for-customer/:customerId/quote': 'staff',
  'POST /orders/admin/for-customer/:customerId': 'staff',
  'POST /orders/admin/shipments': 'staff',
  'GET /orders/admin/pick-list': 'staff',
  'POST /contact/customers/:id/messages': 'staff',
  'GET /customers/:id': 'staff',
  'POST /customers/:id/notes': 'staff',
  'GET /reports/:kind': 'admin',
  'GET /reports/:kind/export.csv': 'admin',
  'POST /orders/admin/:id/payments': 'staff',
  'POST /orders/admin/:id/refunds': 'staff',
  'POST /orders/admin/:id/credits': 'staff',
  'POST /orders/admin/:id/cancel': 'staff',
  'GET /payments/admin/allocations/open': 'staff',
  'POST /payments/admin/allocations': 'staff',
  'GET /payments/admin/statements': 'staff',
  'GET /payments/admin/statements/:id': 'staff',
  'GET /orders/admin/:id/approvals': 'staff',
  'POST /orders/admin/:id/approvals/resend': 'staff',
  'POST /orders/admin/:id/approvals/record': 'staff',
  'POST /orders/:id/pay': 'customer',
  'POST /orders/:id/pay/check': 'customer',
  'POST /payments/stripe/webhook': 'public',
  'GET /orders/:id/invoice-link': 'customer',
  'GET /invoices/:token': 'public',
  'GET /approvals/:token': 'public',
  'POST /approvals/:token/approve': 'public',
  'POST /approvals/:token/deny': 'public',
  'GET /audit/': 'admin',
  'GET /audit/export.csv': 'admin',
  // Artwork and proofs: the customer's own, the e-mailed proof link (the token is the credential), the staff queue.
  'POST /artwork': 'customer',
  'GET /artwork': 'customer',
  'GET /artwork/:id': 'customer',
  'POST /artwork/:id/decision': 'customer',
  'GET /artwork/:id/preview': 'customer',
  'GET /artwork/:id/proofs/:round/image': 'customer',
  'GET /artwork/proof-links/:token': 'public',
  'GET /artwork/proof-links/:token/image': 'public',
  'POST /artwork/proof-links/:token/decision': 'public',
  'GET /artwork/admin': 'staff',
  'POST /artwork/admin': 'staff',
  'GET /artwork/admin/:id': 'staff',
  'GET /artwork/admin/:id/original': 'staff',
  'POST /artwork/admin/:id/proofs': 'staff',
  'POST /quotes': 'customer',
  'GET /quotes': 'customer',
  'GET /quotes/:id': 'customer',
  'POST /quotes/:id/accept': 'customer',
  'POST /quotes/:id/decline': 'customer',
  'GET /quotes/print/:token': 'public',
  'GET /quotes/admin': 'staff',
  'GET /quotes/admin/:id': 'staff',
  'PUT /quotes/admin/:id': 'staff',
  'POST /quotes/admin/:id/send': 'staff',
  'POST /quotes/admin/for-customer/:customerId': 'staff',
  // Decoration kinds: the customiser lists the offered ones; only admins see switched-off ones and change them.
  'GET /decorations/': 'public',
  'GET /decorations/admin/': 'admin',
  'POST /decorations/admin/': 'admin',
  'PUT /decorations/admin/:id': 'admin',
  // The shop's identity prints on invoices and quotes anyone may open; only admins change it.
  'GET /settings/identity': 'public',
  'PUT /settings/identity': 'admin',
  // Logos on garments: the stitch table is public like the other prices; a customer's own artworks, priced.
  'GET /settings/logo-prices': 'public',
  'PUT /settings/logo-prices': 'admin',
  'GET /artwork/logos': 'customer',
  // Saved addresses: each customer keeps their own.
  'GET /profile/addresses': 'customer',
  'POST /profile/addresses': 'customer',
  'PUT /profile/addresses/:id': 'customer',
  'POST /profile/addresses/:id/default': 'customer',
  'DELETE /profile/addresses/:id': 'customer',
  'GET /orders/admin/lines.csv': 'staff',
  // The books: money, tax, ageing and the accounting export are the owner's.
  'GET /reports/money': 'admin',
  'GET /reports/money/export.csv': 'admin',
  'GET /reports/tax': 'admin',
  'GET /reports/tax/export.csv': 'admin',
  'GET /reports/ageing': 'admin',
  'GET /reports/ageing/export.csv': 'admin',
  'GET /reports/accounting/invoices.csv': 'admin',
  'GET /reports/accounting/payments.csv': 'admin',
};

// Public routes whose own credential is something other than a session: without it they answer 401 by contract
// (POST /auth/refresh with no refresh cookie). The guard itself never refuses them.
const PUBLIC_WITH_OWN_CREDENTIAL = new Set(['POST /auth/refresh']);

type Caller = 'guest' | 'other' | 'employee' | 'admin';
const CALLERS: Caller[] = ['guest', 'other', 'employee', 'admin'];
const rank = { guest: 0, other: 1, employee: 2, admin: 3 } as const;
const needed = { public: 0, customer: 1, staff: 2, admin: 3 } as const;

/** What the guard must answer: 401 to a guest, 403 to a signed-in caller below the route's level, else anything but those. */
function expected(access: Access, caller: Caller): 401 | 403 | 'allowed' {
  if (rank[caller] >= needed[access]) return 'allowed';
  return caller === 'guest' ? 401 : 403;
}

async function call(method: string, url: string, caller: Caller) {
  // A fresh identity per request: logout and refresh end the caller's session, and must not leak into the next row.
  const headers = caller === 'guest' ? { ...json } : (await signedIn(app, caller)).headers;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  return app.inject({ method: method as 'GET', url, headers, ...(hasBody ? { payload: '{}' } : {}) });
}

describe('every API route declares its access', () => {
  it('found the routes the server registered', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.every((r) => r.url.startsWith(API_BASE))).toBe(true);
  });

  it('matches the matrix, both ways: no route without an entry, no entry without a route', () => {
    const seen = Object.fromEntries(routes.map((r) => [key(r), r.access]));
    const missing = Object.keys(seen).filter((k) => !(k in MATRIX));
    expect(missing, 'add it to the matrix').toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !(k in seen))).toEqual([]);
    expect(seen).toEqual(MATRIX);
  });

  it('refuses to start when a route under the API prefix declares none', async () => {
    const direct = Fastify({ logger: false });
    installAccessControl(direct, API_BASE);
    expect(() => direct.get(`${API_BASE}/outside-the-matrix`, async () => ({ ok: true }))).toThrow(
      /does not declare config\.access/,
    );
    await direct.close().catch(() => undefined);
    // Feature routes are registered inside a plugin under the prefix, as routes.ts does: start-up fails there too.
    const nested = Fastify({ logger: false });
    installAccessControl(nested, API_BASE);
    void nested.register(async (api) => void api.post('/undeclared', async () => ({ ok: true })), { prefix: API_BASE });
    await expect(nested.ready()).rejects.toThrow(/POST \/api\/v1\/undeclared does not declare config\.access/);
    await nested.close().catch(() => undefined);
  });

  it('leaves routes outside the API alone', async () => {
    const tiny = Fastify({ logger: false });
    installAccessControl(tiny, API_BASE);
    tiny.get('/not-api', async () => ({ ok: true }));
    await tiny.ready();
    expect((await tiny.inject({ method: 'GET', url: '/not-api' })).statusCode).toBe(200);
    await tiny.close();
  });
});

describe('guest, customer, employee and admin against every route', () => {
  it('answers each caller as the declaration says', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const url = fillParams(route.url);
      for (const caller of CALLERS) {
        const res = await call(route.method, url, caller);
        sent += 1;
        const want = expected(route.access!, caller);
        const got = res.statusCode;
        const ok =
          want === 'allowed'
            ? (got !== 401 && got !== 403) ||
              (caller === 'guest' && PUBLIC_WITH_OWN_CREDENTIAL.has(key(route)) && got === 401)
            : got === want;
        if (got >= 500) failures.push(`${route.method} ${url} as ${caller}: ${got} ${res.body.slice(0, 200)}`);
        else if (!ok)
          failures.push(`${route.method} ${url} as ${caller}: expected ${want}, got ${got} ${res.body.slice(0, 200)}`);
        if (want !== 'allowed')
          expect(res.json()).toMatchObject({ success: false, code: want === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN' });
      }
    }
    expect(failures).toEqual([]);
    recordFigures('route_matrix', { routes_checked: routes.length, requests_sent: sent, server_errors: 0 });
  }, 120_000);
});

describe('ordinary HTTP clients', () => {
  it('reach every PUT, PATCH and DELETE without a body or a content type, and meet the same guard', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => ['PUT', 'PATCH', 'DELETE'].includes(r.method))) {
      const url = fillParams(route.url);
      for (const caller of CALLERS) {
        const headers = caller === 'guest' ? {} : { cookie: (await signedIn(app, caller)).cookie };
        const res = await app.inject({ method: route.method as 'DELETE', url, headers });
        const want = expected(route.access!, caller);
        if (res.statusCode === 415 || res.statusCode >= 500)
          failures.push(`${route.method} ${url} as ${caller}: ${res.statusCode}`);
        else if (want !== 'allowed' && res.statusCode !== want)
          failures.push(`${route.method} ${url} as ${caller}: expected ${want}, got ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a signed-in contact message is from the session user; a guest cannot send the signed-in form', async () => {
    const customer = await signedIn(app, 'other');
    const message = {
      name: 'Pat Doe',
      message: 'Checking on the sizes for our crew order.',
      contact_type: 'user',
      reason: 'general',
    };
    const guest = await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: json,
      payload: { ...message, email: customer.email },
    });
    expect(guest.statusCode).toBe(401);
    const spoofed = await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: customer.headers,
      payload: { ...message, email: 'chief@dvfire.gov' },
    });
    expect(spoofed.statusCode).toBe(201);
    const staff = (await signedIn(app, 'employee')).headers;
    const thread = await app.inject({
      method: 'GET',
      url: `/api/v1/contact/${spoofed.json().conversation_id}/thread`,
      headers: staff,
    });
    expect(thread.body).toContain(customer.email);
    expect(thread.body).not.toContain('chief@dvfire.gov');
  });
});

describe("another customer's resources", () => {
  it('are 404 to customer B, never data, and stay untouched', async () => {
    const a = await signedIn(app, 'other');
    const b = await signedIn(app, 'other');
    const products = (await app.inject({ method: 'GET', url: '/api/v1/products/' })).json().products as {
      id: number;
      sizes: { label: string }[];
    }[];
    const product = products.find((p) => p.sizes.some((s) => s.label === 'M')) ?? products[0]!;
    const size = product.sizes.some((s) => s.label === 'M') ? 'M' : product.sizes[0]!.label;
    const add = (who: typeof a) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/cart/items',
        headers: who.headers,
        payload: { product_id: product.id, size, quantity: 2 },
      });
    const added = await add(a);
    expect(added.statusCode).toBe(200);
    const lineId = (added.json().cart.items as { id: number }[])[0]!.id;
    const as = (who: typeof a, method: string, url: string, payload?: unknown) =>
      app.inject({
        method: method as 'GET',
        url: `/api/v1${url}`,
        headers: who.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    const leaks = (res: { statusCode: number; body: string }) => {
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(res.body).not.toContain(a.email);
    };
    leaks(await as(b, 'PUT', `/cart/items/${lineId}`, { quantity: 5 }));
    leaks(await as(b, 'DELETE', `/cart/items/${lineId}`));
    const bCart = (await as(b, 'GET', '/cart/')).json().cart as { items: { id: number }[] };
    expect(bCart.items.map((i) => i.id)).not.toContain(lineId);
    const aCart = (await as(a, 'GET', '/cart/')).json().cart as { items: { id: number; quantity: number }[] };
    expect(aCart.items).toEqual([expect.objectContaining({ id: lineId, quantity: 2 })]);

    const placed = await as(a, 'POST', '/orders/', { fulfillment: 'pickup' });
    expect([200, 201]).toContain(placed.statusCode);
    const order = placed.json().order as { id: number; order_number: string };
    leaks(await as(b, 'GET', `/orders/${order.id}`));
    leaks(await as(b, 'POST', `/orders/${order.id}/modify`, {}));
    leaks(await as(b, 'DELETE', `/orders/${order.id}`));
    const bOrders = (await as(b, 'GET', '/orders/')).json().orders as { id: number }[];
    expect(bOrders.map((o) => o.id)).not.toContain(order.id);
    const still = await as(a, 'GET', `/orders/${order.id}`);
    expect(still.statusCode).toBe(200);
    expect(still.json().order).toMatchObject({ id: order.id, status: expect.not.stringMatching(/cancelled/) });
    // A customer reaching for the staff view of the same order is refused by the guard, not by a lookup.
    expect((await as(b, 'GET', `/orders/admin/${order.id}`)).statusCode).toBe(403);
  });
});
