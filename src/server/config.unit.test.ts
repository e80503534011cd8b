import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults with no environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      recaptcha: null,
      secureCookies: false,
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('refuses TEST_SESSION_KEY in production, whatever else is allowed', () => {
    const env = {
      NODE_ENV: 'production',
      ALLOW_INSECURE_PRODUCTION: 'true',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      TEST_SESSION_KEY: 'k'.repeat(40),
    } as const;
    expect(() => loadConfig(env)).toThrow(/TEST_SESSION_KEY: test runs only/);
    expect(loadConfig({ TEST_SESSION_KEY: 'k'.repeat(40) }).testSessionKey).toBe('k'.repeat(40));
  });

  // Security round 4, finding 5: the key worked whenever NODE_ENV was not production, a real shop's included.
  it('takes TEST_SESSION_KEY only on a plainly development shop: http on loopback, mail unset or on loopback', () => {
    const key = { TEST_SESSION_KEY: 'k'.repeat(40) };
    const refused = [
      { APP_URL: 'https://shop.example' },
      { APP_URL: 'http://shop.example:3000' },
      { APP_URL: 'https://localhost:3000' },
      { APP_URL: 'http://localhost:3000', SMTP_URL: 'smtp://mail.example:25' },
      { APP_URL: 'https://shop.example', SMTP_URL: 'smtps://user:pw@smtp.example.com' },
      { NODE_ENV: 'test', APP_URL: 'http://10.0.0.5:3000' },
    ];
    for (const env of refused) {
      expect(() => loadConfig({ ...env, ...key }), JSON.stringify(env)).toThrow(/TEST_SESSION_KEY: test runs only/);
    }
    // The e2e shops (e2e/support/server.ts, global-setup.ts): http on 127.0.0.1, mail to a catcher on 127.0.0.1.
    const allowed = [
      {},
      { APP_URL: 'http://127.0.0.1:41234', SMTP_URL: 'smtp://127.0.0.1:40000' },
      { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' },
      { APP_URL: 'http://[::1]:3000', SMTP_URL: 'smtp://localhost:2525' },
    ];
    for (const env of allowed)
      expect(loadConfig({ ...env, ...key }).testSessionKey, JSON.stringify(env)).toBe(key.TEST_SESSION_KEY);
  });

  it('names every bad variable at once', () => {
    expect(() =>
      loadConfig({ PORT: 'x', DATABASE_URL: 'mysql://nope', ADMIN_EMAILS: 'ok@example.test,not-an-email' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'x', DATABASE_URL: 'mysql://nope', ADMIN_EMAILS: 'ok@example.test,not-an-email' });
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL');
      expect(msg).toContain('ADMIN_EMAILS');
    }
  });

  it('turns on Secure cookies for an https APP_URL and parses admin e-mails', () => {
    const c = loadConfig({ APP_URL: 'https://shop.example/', ADMIN_EMAILS: ' Chief@Example.test , b@example.test' });
    expect(c.appUrl).toBe('https://shop.example');
    expect(c.secureCookies).toBe(true);
    expect(c.adminEmails).toEqual(['chief@example.test', 'b@example.test']);
  });

  it('reads the new-order notice address, none when unset, and refuses a bad one', () => {
    expect(loadConfig({}).shopNotifyEmail).toBeNull();
    expect(loadConfig({ SHOP_NOTIFY_EMAIL: 'Floor@Shop.example' }).shopNotifyEmail).toBe('floor@shop.example');
    expect(() => loadConfig({ SHOP_NOTIFY_EMAIL: 'not-an-address' })).toThrow(/SHOP_NOTIFY_EMAIL/);
  });

  it('sizes the PostgreSQL pool from the cores unless told, and refuses a pool of none', () => {
    expect(loadConfig({}).databasePoolMax).toBe(os.availableParallelism() * 2 + 1);
    expect(loadConfig({ DATABASE_POOL_MAX: '12' }).databasePoolMax).toBe(12);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });

  it('enables the bot check only with a secret', () => {
    expect(loadConfig({ RECAPTCHA_SECRET: 's3cret', RECAPTCHA_MIN_SCORE: '0.7' }).recaptcha).toMatchObject({
      secret: 's3cret',
      minScore: 0.7,
    });
  });

  it('refuses production without SMTP and https unless told otherwise', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL[\s\S]*APP_URL/);
    const insecure = { NODE_ENV: 'production', ALLOW_INSECURE_PRODUCTION: 'true', SMTP_URL: 'smtp://mail.example:25' };
    expect(loadConfig(insecure).env).toBe('production');
  });

  // Security round 4, finding 4: without SMTP_URL a production shop logged every mail, sign-in codes included.
  it('needs SMTP_URL in production even with ALLOW_INSECURE_PRODUCTION, which only allows http', () => {
    for (const APP_URL of ['http://shop.internal:3000', 'https://shop.example']) {
      expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_INSECURE_PRODUCTION: 'true', APP_URL })).toThrow(
        /SMTP_URL: required in production, where mail must reach real mailboxes \(set it to your mail server\)/,
      );
    }
    expect(() => loadConfig({ NODE_ENV: 'production', APP_URL: 'https://shop.example' })).toThrow(/SMTP_URL/);
    const c = loadConfig({ NODE_ENV: 'production', APP_URL: 'https://shop.example', SMTP_URL: 'smtps://m.example' });
    expect(c.devMailbox).toBe(false);
  });

  it('serves the dev mailbox only when mail goes nowhere else', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).devMailbox).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:25', APP_URL: 'https://shop.example' }).devMailbox).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', ALLOW_INSECURE_PRODUCTION: 'true', SMTP_URL: 'smtp://m.example:25' })
        .devMailbox,
    ).toBe(false);
  });

  it('reads TRUST_PROXY as Fastify takes it and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx.internal' })).toThrow(/TRUST_PROXY/);
  });

  it('takes the backup and metrics settings, and names a bad one', () => {
    expect(loadConfig({}).backup).toBeNull();
    expect(loadConfig({}).metricsToken).toBeNull();
    const c = loadConfig({ BACKUP_DIR: 'backups', METRICS_TOKEN: 'a-long-enough-token' });
    expect(c.backup).toEqual({ dir: expect.stringMatching(/\/backups$/), keep: 14 });
    expect(c.metricsToken).toBe('a-long-enough-token');
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});
