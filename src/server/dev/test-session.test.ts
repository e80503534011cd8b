import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';

// The e2e runs' way to a session without the mailed code: only with the run's key, never without it.
const KEY = 'k'.repeat(40);
const on = await createTestApp({ TEST_SESSION_KEY: KEY });
const off = await createTestApp();

const ask = (
  app: typeof on.app,
  headers: Record<string, string>,
  email = 'walk-in@example.test',
  remoteAddress = '127.0.0.1',
) => app.inject({ method: 'POST', url: '/dev/test-session', headers, payload: { email }, remoteAddress });

describe('POST /dev/test-session', () => {
  it('does not exist without TEST_SESSION_KEY', async () => {
    const res = await ask(off.app, { 'x-test-session-key': KEY });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a missing or wrong key with 403 and makes no session', async () => {
    const tries: Record<string, string>[] = [
      {},
      { 'x-test-session-key': 'k'.repeat(39) },
      { 'x-test-session-key': `${KEY}x` },
    ];
    for (const headers of tries) {
      const res = await ask(on.app, headers);
      expect(res.statusCode).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('with the key, signs the address in as a right code would: the session answers /auth/me', async () => {
    const res = await ask(on.app, { 'x-test-session-key': KEY }, 'Walk-In@Example.test');
    expect(res.statusCode).toBe(200);
    const cookies = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = await on.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: cookies } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('walk-in@example.test');
    expect(me.json().user.role).toBe('other');
  });

  // Security round 4, finding 5: the route answered any client that had the key.
  it('answers only a client on this machine: another address, or one forwarded by a proxy, finds no such route', async () => {
    const key = { 'x-test-session-key': KEY };
    for (const [remote, headers] of [
      ['203.0.113.7', key],
      ['10.0.0.8', key],
      ['127.0.0.1', { ...key, 'x-forwarded-for': '203.0.113.7' }],
      ['::1', { ...key, forwarded: 'for=203.0.113.7' }],
    ] as const) {
      const res = await ask(on.app, headers, 'admin@example.test', remote);
      expect(res.statusCode, `${remote} ${JSON.stringify(headers)}`).toBe(404);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    for (const remote of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await ask(on.app, key, 'walk-in@example.test', remote)).statusCode, remote).toBe(200);
    }
  });

  it('refuses a bad address with 400 in the error shape', async () => {
    const res = await ask(on.app, { 'x-test-session-key': KEY }, 'not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});
