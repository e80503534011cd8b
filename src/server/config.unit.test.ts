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
      TEST_SESSION_KEY: 'k'.repeat(40),
    } as const;
    expect(() => loadConfig(env)).toThrow(/TEST_SESSION_KEY: test runs only/);
    expect(loadConfig({ TEST_SESSION_KEY: 'k'.repeat(40) }).testSessionKey).toBe('k'.repeat(40));
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
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_INSECURE_PRODUCTION: 'true' }).env).toBe('production');
  });

  it('serves the dev mailbox only when mail goes nowhere else', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).devMailbox).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:25', APP_URL: 'https://shop.example' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_INSECURE_PRODUCTION: 'true' }).devMailbox).toBe(false);
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
