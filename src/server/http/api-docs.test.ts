import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';

// Security round 4, finding 11: the OpenAPI document maps every route and field; in production only staff read it,
// unless API_DOCS_PUBLIC=true publishes it on purpose.
const PRODUCTION = { NODE_ENV: 'production', ALLOW_INSECURE_PRODUCTION: 'true', SMTP_URL: 'smtp://127.0.0.1:2525' };
const production = await createTestApp(PRODUCTION);
const published = await createTestApp({ ...PRODUCTION, API_DOCS_PUBLIC: 'true' });
const development = await createTestApp();

const DOCS = ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html'];
const get = (ctx: typeof production, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('/api/docs', () => {
  it('answers a guest 401 and a customer 403 in production, in the API error shape', async () => {
    const customer = await signedIn(production.app, 'other');
    for (const url of DOCS) {
      const guest = await get(production, url);
      expect(guest.statusCode, url).toBe(401);
      expect(guest.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(guest.body).not.toContain('/api/v1/');
      expect((await get(production, url, { cookie: customer.cookie })).statusCode, url).toBe(403);
    }
  });

  it('serves signed-in staff in production', async () => {
    for (const role of ['employee', 'admin'] as const) {
      const { cookie } = await signedIn(production.app, role);
      const doc = await get(production, '/api/docs/json', { cookie });
      expect(doc.statusCode, role).toBe(200);
      expect(doc.json().paths['/api/v1/health']).toBeDefined();
      expect((await get(production, '/api/docs/', { cookie })).statusCode, role).toBe(200);
    }
  });

  it('is public in production with API_DOCS_PUBLIC=true, and outside production', async () => {
    expect(published.config.apiDocsPublic).toBe(true);
    expect(production.config.apiDocsPublic).toBe(false);
    expect(development.config.apiDocsPublic).toBe(true);
    for (const ctx of [published, development]) {
      const doc = await get(ctx, '/api/docs/json');
      expect(doc.statusCode).toBe(200);
      expect(doc.json().paths['/api/v1/health']).toBeDefined();
      expect((await get(ctx, '/api/docs/')).statusCode).toBe(200);
    }
  });
});
