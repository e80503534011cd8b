import { createHmac, timingSafeEqual } from 'node:crypto';

// The signed link to a sent quote (docs/security.md#payments: the invoice link's scheme): the quote id, the last day
// the link works and an HMAC of both under the app's secret, so the link needs no login and no stored token, and no
// other quote can be reached by changing the number. It only shows the quote; accepting needs the customer signed in.
const TOKEN = /^([1-9]\d{0,9})\.([1-9]\d{0,5})\.([A-Za-z0-9_-]{43})$/;
const MAX_ID = 2_147_483_647;
const LINK_DAYS = 180;
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

const mac = (key: string, id: number, lastDay: number) =>
  createHmac('sha256', key).update(`quote:${id}:${lastDay}`).digest('base64url');

export function quoteToken(key: string, quoteId: number, now: number): string {
  const lastDay = dayOf(now) + LINK_DAYS;
  return `${quoteId}.${lastDay}.${mac(key, quoteId, lastDay)}`;
}

/** The quote id a token names, or null for a token this server did not sign or whose days are over. */
export function quoteIdFromToken(key: string, token: string, now: number): number | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const lastDay = Number(m[2]);
  if (id > MAX_ID) return null;
  const want = Buffer.from(mac(key, id, lastDay));
  const got = Buffer.from(m[3]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return dayOf(now) > lastDay ? null : id;
}
