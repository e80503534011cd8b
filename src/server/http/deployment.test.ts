import { describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { createTestApp } from '../test/harness';
import { requestPinCall } from '../test/auth';

// What a first real deployment meets: the dev mailbox, a reverse proxy in front, request ids and the request log.
const lines: string[] = [];
const logged = { write: (line: string) => void lines.push(line) };

const dev = await createTestApp();
const withSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525', APP_URL: 'https://shop.example' });
const production = await createTestApp({
  NODE_ENV: 'production',
  ALLOW_INSECURE_PRODUCTION: 'true',
  SMTP_URL: 'smtp://127.0.0.1:2525',
});
const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' }, { logStream: logged });

describe('the dev mailbox', () => {
  it('is served while mail goes nowhere else', async () => {
    expect((await requestPinCall(dev.app, 'dev-mailbox@example.test')).statusCode).toBe(200);
    const list = await dev.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(list.statusCode).toBe(200);
    expect(list.json().messages[0]).toMatchObject({
      to: 'dev-mailbox@example.test',
      subject: expect.stringMatching(/sign-in code/),
    });
    expect((await dev.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(200);
  });

  it('is not there when SMTP_URL is set, nor in production', async () => {
    for (const { app } of [withSmtp, production]) {
      expect((await requestPinCall(app, 'real-mail@example.test')).statusCode).toBe(200);
      for (const url of [
        '/dev/mailbox',
        '/dev/mailbox.json',
        '/dev/mailbox.json?to=real-mail@example.test',
        '/dev/mailbox/1',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toMatch(/\b\d{6}\b/);
      }
    }
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  const pin = (app: typeof dev.app, forwardedFor: string, socket = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/request-pin',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      remoteAddress: socket,
      payload: { email: `proxy-${Math.random().toString(36).slice(2)}@example.test` },
    });

  it('limits per client address from X-Forwarded-For when set', async () => {
    await proxied.app.deps.db.insert(rateLimits).values({ key: 'requestPin:ip:203.0.113.50', count: 60 });
    expect((await pin(proxied.app, '203.0.113.50')).statusCode).toBe(429);
    expect((await pin(proxied.app, '203.0.113.51')).statusCode).toBe(200);
    // A proxy that is not trusted cannot choose the client's address.
    expect((await pin(proxied.app, '203.0.113.52', '192.0.2.77')).statusCode).toBe(200);
    const keys = (await proxied.app.deps.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('requestPin:ip:192.0.2.77');
    expect(keys).not.toContain('requestPin:ip:203.0.113.52');
  });

  it('ignores X-Forwarded-For without it', async () => {
    await dev.app.deps.db.insert(rateLimits).values({ key: 'requestPin:ip:203.0.113.60', count: 60 });
    expect((await pin(dev.app, '203.0.113.60')).statusCode).toBe(200);
    await dev.app.deps.db.insert(rateLimits).values({ key: 'requestPin:ip:192.0.2.60', count: 60 });
    expect((await pin(dev.app, '203.0.113.61', '192.0.2.60')).statusCode).toBe(429);
  });
});

describe('the request log', () => {
  const entries = () =>
    lines.map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string; remoteAddress: string } });

  it('keeps a short client request id and replaces anything else', async () => {
    lines.length = 0;
    await proxied.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'edge-42_A' } });
    await proxied.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'x'.repeat(65) } });
    await proxied.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'bad id\nforged: line' },
    });
    const ids = [...new Set(entries().map((e) => e.reqId))];
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe('edge-42_A');
    for (const id of ids.slice(1)) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes an approval token, and logs the client address seen through the proxy', async () => {
    lines.length = 0;
    const token = 'Zk3bQ9x_secret-approval-token-0123456789abcdef';
    for (const url of [
      `/api/v1/approvals/${token}`,
      `/api/v1/approvals/${token}/approve`,
      `/approval/${token}`,
      `/denial/${token}?x=1`,
    ]) {
      await proxied.app.inject({
        method: url.includes('/approve') ? 'POST' : 'GET',
        url,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.23' },
        payload: url.includes('/approve') ? {} : undefined,
      });
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(token);
    const urls = entries().flatMap((e) => (e.req ? [e.req.url] : []));
    expect(urls).toEqual([
      '/api/v1/approvals/[redacted]',
      '/api/v1/approvals/[redacted]/approve',
      '/approval/[redacted]',
      '/denial/[redacted]?x=1',
    ]);
    expect(entries().find((e) => e.req)!.req!.remoteAddress).toBe('198.51.100.23');
  });

  it('never writes an invoice token or what staff searched for (names, e-mails, phone numbers)', async () => {
    lines.length = 0;
    const token = '7.20261231.Zk3bQ9x-invoice-mac-0123456789abcdef';
    for (const url of [
      `/api/v1/invoices/${token}`,
      `/invoice/${token}`,
      '/api/v1/search?q=maria.lopez%40example.com',
      '/api/v1/orders/admin/all?status=pending&search=6025550100&page=2',
      '/api/v1/users/admin/?search=Ram%C3%ADrez',
    ]) {
      await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '198.51.100.23' } });
    }
    const logged = lines.join('\n');
    for (const secret of [token, 'maria.lopez', '6025550100', 'Ram%C3%ADrez']) expect(logged).not.toContain(secret);
    const urls = [...new Set(entries().flatMap((e) => (e.req ? [e.req.url] : [])))];
    expect(urls).toEqual([
      '/api/v1/invoices/[redacted]',
      '/invoice/[redacted]',
      '/api/v1/search?q=[redacted]',
      '/api/v1/orders/admin/all?status=pending&search=[redacted]&page=2',
      '/api/v1/users/admin/?search=[redacted]',
    ]);
  });
});
