import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { json, signedIn } from '../test/users';
import { fillCart } from '../test/orders';
import { APP_ROUTES } from '../../shared/routes';
import { firstCardImages } from '../../shared/store-cards';

// A tiny built client so the static and SPA-fallback behaviour can be checked without a real build.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');

const { app } = await createTestApp({ WEB_DIST: dist });
const admin = await signedIn(app, 'admin');

describe('error shape (docs/architecture.md#the-api)', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(res.json().detail).toBe(res.json().message);
  });

  it('turns Zod validation failures into field-level errors', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: admin.headers,
      payload: { tax_rate: 0.5, shipping_cost: 8, customization_cost: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'tax_rate', message: 'Tax rate must be between 0% and 25%' },
        { field: 'customization_cost', message: 'Customization cost must be a number' },
      ]),
    );
    expect(body.detail).toBe(body.errors[0].message);
  });

  it('refuses malformed JSON with 400 and keeps the shape', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: admin.headers,
      payload: '{"tax_rate":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_JSON' });
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: admin.headers,
      payload: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'Request body is too large' });
  });

  it('answers 401 for a guest and 403 for a customer on an admin route', async () => {
    const customer = await signedIn(app, 'other');
    const body = { tax_rate: 0.05, shipping_cost: 8, customization_cost: 6 };
    const guest = await app.inject({ method: 'PUT', url: '/api/v1/settings/', headers: json, payload: body });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: 'Not authenticated' });
    const denied = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: customer.headers,
      payload: body,
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('CSRF rules (docs/architecture.md#sessions-and-csrf)', () => {
  const body = { tax_rate: 0.078, shipping_cost: 8, customization_cost: 6 };
  it('refuses a state change without a JSON content type', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: { cookie: admin.cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(415);
  });
  it('refuses a foreign Origin and accepts our own', async () => {
    const evil = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: { ...admin.headers, origin: 'https://evil.example' },
      payload: body,
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().code).toBe('BAD_ORIGIN');
    const ours = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: { ...admin.headers, origin: 'http://localhost:3000' },
      payload: body,
    });
    expect(ours.statusCode).toBe(200);
  });
  it('takes PUT, PATCH and DELETE without a body and without a content type', async () => {
    const customer = await signedIn(app, 'other');
    await fillCart(app, customer.id, [{ quantity: 1 }, { quantity: 2 }]);
    const cart = (
      await app.inject({ method: 'GET', url: '/api/v1/cart/', headers: { cookie: customer.cookie } })
    ).json().cart;
    const line = cart.items[0].id;
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/cart/items/${line}`,
      headers: { cookie: customer.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cart.items.map((i: { id: number }) => i.id)).not.toContain(line);
    // A PUT that needs a body still says which field is missing rather than refusing the content type.
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/cart/items/${cart.items[1].id}`,
      headers: { cookie: customer.cookie },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().code).toBe('VALIDATION_ERROR');
    // A body in another type is still refused.
    const text = await app.inject({
      method: 'DELETE',
      url: '/api/v1/cart/',
      headers: { cookie: customer.cookie, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(text.statusCode).toBe(415);
  });

  it('refuses a cross-site form post, by Origin or, without one, by Sec-Fetch-Site', async () => {
    const form = { cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded' };
    const byOrigin = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...form, origin: 'https://evil.example' },
      payload: 'a=1',
    });
    expect(byOrigin.statusCode).toBe(403);
    expect(byOrigin.json().code).toBe('BAD_ORIGIN');
    const bySite = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...form, 'sec-fetch-site': 'cross-site' },
      payload: 'a=1',
    });
    expect(bySite.statusCode).toBe(403);
    const plainForm = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: form, payload: 'a=1' });
    expect(plainForm.statusCode).toBe(415);
    // Bodyless requests are checked the same way: a cross-site DELETE is refused before it runs.
    const del = await app.inject({
      method: 'DELETE',
      url: '/api/v1/cart/',
      headers: { cookie: admin.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(del.statusCode).toBe(403);
    const sameOrigin = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: { ...admin.headers, 'sec-fetch-site': 'same-origin' },
      payload: body,
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('drops prototype-pollution keys', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: admin.headers,
      payload: '{"tax_rate":0.078,"shipping_cost":8,"customization_cost":6,"__proto__":{"polluted":true}}',
    });
    expect(res.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('web client serving', () => {
  it('serves the app for a reload on a client route', async () => {
    for (const url of ['/store', '/admin/orders', '/approval/abc']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("hints the store's first card images in its page, from the catalogue, and no image anywhere else", async () => {
    const { products } = (await app.inject({ method: 'GET', url: '/api/v1/products/' })).json<{
      products: Parameters<typeof firstCardImages>[0];
    }>();
    const images = firstCardImages(products);
    expect(images).toHaveLength(4);
    for (const url of ['/store', '/store/']) {
      const html = (await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
      for (const src of images)
        expect(html).toContain(`<link rel="preload" href="${src}" as="image" fetchpriority="high">`);
      expect(html.indexOf(images[0]!)).toBeLessThan(html.indexOf('</head>'));
    }
    for (const url of ['/', '/orders', '/checkout'])
      expect((await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body).not.toContain(
        'as="image"',
      );
  });

  it('answers every screen with the app to any client: */*, no Accept at all, HEAD', async () => {
    for (const route of APP_ROUTES) {
      const url = route.replace(/:[A-Za-z]+/g, 'abc123');
      for (const headers of [{ accept: '*/*' }, {}, { accept: 'application/json' }]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<div id="root">');
      }
      expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/store/', headers: { accept: '*/*' } })).statusCode).toBe(200);
  });

  it('answers an unknown page with an HTML 404 in the shop look, and unknown API paths with JSON', async () => {
    for (const url of [
      '/no-such-page',
      '/store/extra/segments',
      '/admin/nope',
      '/dev/mailbox-typo',
      '/favicon.png',
      '/approval',
      '/invoice',
      '/orders/12/placed/extra',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Page not found');
      expect(res.body).toContain('href="/"');
      expect(res.body).not.toContain('<div id="root">');
    }
    expect((await app.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
    for (const url of ['/api', '/api/v1/nope', '/api/v1/approvals']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
  it('gives hashed assets a long-lived immutable cache and 404s missing ones', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/nope-000.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
  });
  it('sets the helmet headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
  it('gives JSON answers the constant API set: nothing runs, frames or sniffs', async () => {
    for (const url of ['/api/v1/health', '/api/v1/cart/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });
  it('publishes the OpenAPI document and its browser', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/api/v1/health']).toBeDefined();
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
