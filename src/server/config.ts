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
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Copper State Uniforms <orders@copperstateuniforms.test>'),
  ADMIN_EMAILS: emailList,
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
  TRUST_PROXY: z.string().optional(),
});

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
  secureCookies: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  recaptcha: { secret: string; siteKey: string | undefined; minScore: number; verifyUrl: string } | null;
  logLevel: string;
  authSecret: string | undefined;
  webDist: string;
  outboxPollMs: number;
  trustProxy: TrustProxy;
  /** Mail is kept for /dev/mailbox only when it goes nowhere else: no SMTP_URL, and never in production. */
  devMailbox: boolean;
};

export class ConfigError extends Error {}

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
  if (e.NODE_ENV === 'production' && !e.ALLOW_INSECURE_PRODUCTION) {
    const bad: string[] = [];
    if (!e.SMTP_URL) bad.push('  SMTP_URL: required in production (the dev mailbox is for development only)');
    if (!appUrl.startsWith('https://'))
      bad.push('  APP_URL: must be https in production (set ALLOW_INSECURE_PRODUCTION=true to override)');
    if (bad.length) throw new ConfigError(`Invalid environment:\n${bad.join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS,
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
    trustProxy,
    devMailbox: !e.SMTP_URL && e.NODE_ENV !== 'production',
  };
}
