import crypto from 'node:crypto';

// Opaque tokens: 32 random bytes (256 bits) from the OS CSPRNG, sent base64url, stored as hashes.
export const newToken = (): string => crypto.randomBytes(32).toString('base64url');

/** Tokens carry 256 bits of entropy, so a plain SHA-256 is enough to make a stolen table useless. */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** Low-entropy secrets (6-digit codes) get a keyed hash so a database dump cannot be brute-forced offline. */
export const keyedHash = (key: string, value: string): string =>
  crypto.createHmac('sha256', key).update(value).digest('hex');

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

export const newPin = (): string => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
