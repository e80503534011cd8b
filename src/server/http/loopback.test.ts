import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, testConfig } from '../test/harness';

// Browsing the shop at http://127.0.0.1:3000 while APP_URL defaults to http://localhost:3000 (security round 3).
const { app, database } = await createTestApp({ NODE_ENV: 'development', APP_URL: 'http://localhost:3000' });

const contact = (target: { inject: typeof app.inject }, origin: string, host: string) =>
  target.inject({
    method: 'POST',
    url: '/api/v1/contact',
    headers: { 'content-type': 'application/json', origin, host },
    remoteAddress: '10.9.9.9',
    payload: JSON.stringify({
      name: 'Mary Lane',
      email: 'mary.lane@example.test',
      message: 'Do you embroider names on jackets too?',
    }),
  });

describe('the other loopback name in development', () => {
  it('a form posted from http://127.0.0.1:3000 is not refused as cross-site', async () => {
    const res = await contact(app, 'http://127.0.0.1:3000', '127.0.0.1:3000');
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a page opened at 127.0.0.1 redirects to APP_URL; one at localhost does not', async () => {
    const res = await app.inject({ method: 'GET', url: '/store?x=1', headers: { host: '127.0.0.1:3000' } });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('http://localhost:3000/store?x=1');
    const same = await app.inject({ method: 'GET', url: '/store', headers: { host: 'localhost:3000' } });
    expect(same.statusCode).not.toBe(308);
  });

  it('another site, or another port of the loopback, is still cross-site', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:4000', 'http://localhost.evil.example:3000']) {
      const res = await contact(app, origin, 'localhost:3000');
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().detail).toBe('Cross-site request refused');
    }
  });

  it('in production only APP_URL is accepted and nothing redirects', async () => {
    const config = testConfig({
      NODE_ENV: 'production',
      ALLOW_INSECURE_PRODUCTION: 'true',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      APP_URL: 'http://localhost:3000',
    });
    expect(config.loopbackAliases).toEqual([]);
    const prod = await buildApp(config, { database, logger: false });
    try {
      const res = await contact(prod, 'http://127.0.0.1:3000', '127.0.0.1:3000');
      expect(res.statusCode).toBe(403);
      const page = await prod.inject({ method: 'GET', url: '/store', headers: { host: '127.0.0.1:3000' } });
      expect(page.statusCode).not.toBe(308);
    } finally {
      await prod.close();
    }
  });
});
