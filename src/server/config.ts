import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.url().optional();
const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: optionalUrl,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** PostgreSQL connections per instance; unset, twice the cores plus one (see docs/performance.md). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Copper State Uniforms <orders@copperstateuniforms.test>'),
  ADMIN_EMAILS: emailList,
  /** Where new-order notices go when the shop_notify_email setting is empty. */
  SHOP_NOTIFY_EMAIL: z.email().optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Lets production run over plain http behind a trusted proxy or on a closed network. */
  ALLOW_INSECURE_PRODUCTION: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret for keyed hashes of codes and tokens; generated and kept under DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(32).optional(),
  WEB_DIST: z.string().optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** false: this instance queues mail but never sends it; another instance of the shop sends it. */
  OUTBOX_SEND: z.stringbool().default(true),
  /** Sign-in codes one IP address may ask for in 10 minutes (checking them: twice that); raise it for a large office behind one address. */
  SIGNIN_IP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Contact-form messages and customer replies one IP address may send in an hour. */
  CONTACT_IP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  TRUST_PROXY: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the official client sends API calls; tests point it at a local stand-in. */
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  /** The shop's own SMTP listener for e-mailed replies; unset: off. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).optional(),
  /** Test runs only: the key of POST /dev/test-session (a session without a mailed code); only on a development shop. */
  TEST_SESSION_KEY: z.string().min(32).optional(),
  /** Shared secret of POST /contact/inbound (HMAC-SHA256 of the raw body); unset: the webhook answers 404. */
  INBOUND_SECRET: z.string().min(16).optional(),
  /** Where the scheduled daily backup goes; unset: no scheduled backup. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many daily backups BACKUP_DIR keeps. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
  /** In production /api/docs (the OpenAPI document and its browser) answers only signed-in staff unless this is true. */
  API_DOCS_PUBLIC: z.stringbool().default(false),
  /** Bearer token of GET /metrics; unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Domain of the reply+<token>@ addresses; the domain of MAIL_FROM when unset. */
  REPLY_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$|^localhost$/i, 'must be a domain name')
    .optional(),
});

/** The domain of an address written "Name <user@domain>" or "user@domain". */
const domainOf = (from: string) => /@([^\s>]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() ?? 'localhost';

/** The proxies whose X-Forwarded-For the server believes, in the forms Fastify's trustProxy takes. */
export type TrustProxy = boolean | number | string[];

// `true`/`false`, a hop count, or a comma-separated list of addresses and CIDRs (checked as IPs, not guessed).
const IP_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-f:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/i;

function parseTrustProxy(raw: string | undefined): TrustProxy | string {
  if (raw === undefined) return false;
  const v = raw.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.find((s) => !IP_OR_CIDR.test(s));
  return bad === undefined && list.length > 0
    ? list
    : `  TRUST_PROXY: "${bad ?? raw}" is not true, false, a hop count or an address/CIDR list`;
}

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  /**
   * Outside production, when APP_URL is a loopback name: the same shop under the other loopback names
   * (localhost, 127.0.0.1, [::1]). Pages there redirect to APP_URL and their API calls pass the origin check.
   * Empty in production, where only APP_URL's origin is accepted.
   */
  loopbackAliases: string[];
  secureCookies: boolean;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  /** New-order notices go here unless the settings name another address; null: none. */
  shopNotifyEmail: string | null;
  recaptcha: { secret: string; siteKey: string | undefined; minScore: number; verifyUrl: string } | null;
  logLevel: string;
  authSecret: string | undefined;
  webDist: string;
  outboxPollMs: number;
  outboxSend: boolean;
  /** Sign-in codes one IP may request per 10 minutes (auth/limits.ts). */
  signInIpLimit: number;
  contactIpLimit: number;
  trustProxy: TrustProxy;
  /** Mail is kept for /dev/mailbox only when it goes nowhere else: no SMTP_URL, and never in production. */
  devMailbox: boolean;
  /** Set only by test runs on a development shop (plainlyDevelopment): the key POST /dev/test-session asks for. */
  testSessionKey: string | null;
  /** Card payment online through Stripe Checkout; null: not offered. webhookSecret null: no webhook accepted. */
  stripe: { secretKey: string; webhookSecret: string | null; apiBase: string } | null;
  /**
   * E-mailed replies (docs/security.md#inbound-mail): staff mail carries Reply-To reply+<token>@replyDomain; answers come
   * back through the SMTP listener (smtpPort null: off) or the signed webhook (secret null: off).
   */
  inbound: { replyDomain: string; smtpPort: number | null; smtpHost: string; secret: string | null };
  /** The scheduled daily backup (docs/operations.md); null: off. */
  backup: { dir: string; keep: number } | null;
  /** The bearer token of /metrics; null: /metrics is off. */
  metricsToken: string | null;
  /** Whether /api/docs answers anyone: outside production always, in production only with API_DOCS_PUBLIC=true. */
  apiDocsPublic: boolean;
};

export class ConfigError extends Error {}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

const isLoopbackHost = (host: string) => LOOPBACK_NAMES.includes(host) || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * A shop that can only be a developer's or a test run's (security round 4, finding 5): not production, served over
 * http on a loopback address, and its mail going nowhere (no SMTP_URL) or to a catcher on this machine. The e2e
 * shops are such (e2e/support/server.ts: APP_URL http://127.0.0.1:port; global-setup.ts: SMTP_URL to the catcher on
 * 127.0.0.1), while any shop reachable by others or mailing real mailboxes is not.
 */
function plainlyDevelopment(env: string, appUrl: string, smtpUrl: string | undefined): boolean {
  const app = new URL(appUrl);
  if (env === 'production' || app.protocol !== 'http:' || !isLoopbackHost(app.hostname)) return false;
  return smtpUrl === undefined || isLoopbackHost(new URL(smtpUrl).hostname);
}

/** The other loopback origins of a loopback APP_URL (same scheme and port); none for any other host. */
function loopbackAliases(appUrl: string): string[] {
  const url = new URL(appUrl);
  if (!LOOPBACK_NAMES.includes(url.hostname)) return [];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_NAMES.filter((h) => h !== url.hostname).map((h) => `${url.protocol}//${h}${port}`);
}

/** Reads the environment once; a bad value throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'string') throw new ConfigError(`Invalid environment:\n${trustProxy}`);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (e.TEST_SESSION_KEY && !plainlyDevelopment(e.NODE_ENV, appUrl, e.SMTP_URL))
    throw new ConfigError(
      'Invalid environment:\n  TEST_SESSION_KEY: test runs only, on a development shop (not production, APP_URL over http on a loopback address, SMTP_URL unset or on a loopback host)',
    );
  if (e.NODE_ENV === 'production') {
    // ALLOW_INSECURE_PRODUCTION allows plain http and nothing else: without SMTP_URL mail would only reach the log,
    // sign-in codes included (security round 4, finding 4).
    const bad: string[] = [];
    if (!e.SMTP_URL)
      bad.push('  SMTP_URL: required in production, where mail must reach real mailboxes (set it to your mail server)');
    if (!appUrl.startsWith('https://') && !e.ALLOW_INSECURE_PRODUCTION)
      bad.push('  APP_URL: must be https in production (set ALLOW_INSECURE_PRODUCTION=true to override)');
    if (bad.length) throw new ConfigError(`Invalid environment:\n${bad.join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    loopbackAliases: e.NODE_ENV === 'production' ? [] : loopbackAliases(appUrl),
    secureCookies: appUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX ?? os.availableParallelism() * 2 + 1,
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS,
    shopNotifyEmail: e.SHOP_NOTIFY_EMAIL?.trim().toLowerCase() ?? null,
    signInIpLimit: e.SIGNIN_IP_LIMIT,
    contactIpLimit: e.CONTACT_IP_LIMIT,
    recaptcha: e.RECAPTCHA_SECRET
      ? {
          secret: e.RECAPTCHA_SECRET,
          siteKey: e.RECAPTCHA_SITE_KEY,
          minScore: e.RECAPTCHA_MIN_SCORE,
          verifyUrl: e.RECAPTCHA_VERIFY_URL,
        }
      : null,
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    webDist: path.resolve(e.WEB_DIST ?? 'dist/web'),
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxSend: e.OUTBOX_SEND,
    trustProxy,
    devMailbox: !e.SMTP_URL && e.NODE_ENV !== 'production',
    testSessionKey: e.TEST_SESSION_KEY ?? null,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
          apiBase: e.STRIPE_API_BASE.replace(/\/$/, ''),
        }
      : null,
    inbound: {
      replyDomain: (e.REPLY_DOMAIN ?? domainOf(e.MAIL_FROM)).toLowerCase(),
      smtpPort: e.INBOUND_SMTP_PORT ?? null,
      smtpHost: e.INBOUND_SMTP_HOST ?? e.HOST,
      secret: e.INBOUND_SECRET ?? null,
    },
    backup: e.BACKUP_DIR ? { dir: path.resolve(e.BACKUP_DIR), keep: e.BACKUP_KEEP } : null,
    metricsToken: e.METRICS_TOKEN ?? null,
    apiDocsPublic: e.NODE_ENV !== 'production' || e.API_DOCS_PUBLIC,
  };
}
