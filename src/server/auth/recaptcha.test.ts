import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { lastCode, requestPinCall, verifyPinCall } from '../test/auth';

// A local stand-in for the reCAPTCHA verify endpoint: the token names the verdict it gets.
const seen: URLSearchParams[] = [];
const verdicts: Record<string, object> = {
  'good-request': { success: true, score: 0.9, action: 'request_pin' },
  'good-verify': { success: true, score: 0.9, action: 'verify_pin' },
  'low-score': { success: true, score: 0.1, action: 'request_pin' },
  'wrong-action': { success: true, score: 0.9, action: 'contact' },
};
const standIn = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const form = new URLSearchParams(body);
    seen.push(form);
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify(
        verdicts[form.get('response') ?? ''] ?? { success: false, 'error-codes': ['invalid-input-response'] },
      ),
    );
  });
});
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));
const port = (standIn.address() as net.AddressInfo).port;

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const p = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return p;
}

const secret = 'test-recaptcha-secret';
const { app } = await createTestApp({
  RECAPTCHA_SECRET: secret,
  RECAPTCHA_SITE_KEY: 'site-key-1',
  RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
});
const down = await createTestApp({
  RECAPTCHA_SECRET: secret,
  RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${await closedPort()}/siteverify`,
});
const off = await createTestApp();

describe('bot check on request-pin and verify-pin', () => {
  it('accepts a good token and sends the secret, token and client IP to the verify endpoint', async () => {
    const res = await requestPinCall(app, 'bot1@example.test', { token: 'good-request', ip: '192.0.2.4' });
    expect(res.statusCode).toBe(200);
    const call = seen.at(-1)!;
    expect(call.get('secret')).toBe(secret);
    expect(call.get('response')).toBe('good-request');
    expect(call.get('remoteip')).toBe('192.0.2.4');
    const code = await lastCode(app, 'bot1@example.test');
    const verified = await verifyPinCall(app, 'bot1@example.test', code, { token: 'good-verify' });
    expect(verified.statusCode).toBe(200);
  });

  it('rejects a low score, a token for another action, an invalid token and a missing one', async () => {
    for (const token of ['low-score', 'wrong-action', 'nonsense', undefined]) {
      const res = await requestPinCall(app, 'bot2@example.test', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'BOT_CHECK_FAILED',
        detail: 'Security check failed. Please reload the page and try again.',
      });
    }
    const verify = await verifyPinCall(app, 'bot2@example.test', '123456', { token: 'good-request' });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().code).toBe('BOT_CHECK_FAILED');
  });

  it('refuses with a clear 503 when the verify endpoint cannot be reached', async () => {
    const res = await requestPinCall(down.app, 'bot3@example.test', { token: 'good-request' });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe(
      'The security check service is unavailable right now. Please try again in a few minutes.',
    );
    const verify = await verifyPinCall(down.app, 'bot3@example.test', '123456', { token: 'good-verify' });
    expect(verify.statusCode).toBe(503);
  });

  it('is off without a secret', async () => {
    expect((await requestPinCall(off.app, 'bot4@example.test')).statusCode).toBe(200);
  });

  it('publishes only the site key', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(res.json()).toEqual({ success: true, recaptcha_site_key: 'site-key-1' });
    expect((await off.app.inject({ method: 'GET', url: '/api/v1/auth/config' })).json()).toEqual({
      success: true,
      recaptcha_site_key: null,
    });
  });
});
