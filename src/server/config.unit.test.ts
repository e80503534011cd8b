import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults with no environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', appUrl: 'http://localhost:3000', databaseUrl: undefined, smtpUrl: undefined, recaptcha: null, secureCookies: false });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', DATABASE_URL: 'mysql://nope', ADMIN_EMAILS: 'ok@example.test,not-an-email' })).toThrow(ConfigError);
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

  it('enables the bot check only with a secret', () => {
    expect(loadConfig({ RECAPTCHA_SECRET: 's3cret', RECAPTCHA_MIN_SCORE: '0.7' }).recaptcha).toMatchObject({ secret: 's3cret', minScore: 0.7 });
  });

  it('refuses production without SMTP and https unless told otherwise', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL[\s\S]*APP_URL/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_INSECURE_PRODUCTION: 'true' }).env).toBe('production');
  });
});
