import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INVOICE_LINK_DAYS, invoiceToken, orderIdFromToken } from './invoice-token';

const key = 'k'.repeat(40);
const DAY = 86_400_000;
const now = Date.UTC(2026, 11, 7, 12);
const today = Math.floor(now / DAY);
const signed = (orderId: number, lastDay: number) =>
  `${orderId}.${lastDay}.${createHmac('sha256', key).update(`invoice:${orderId}:${lastDay}`).digest('base64url')}`;

describe('invoice links', () => {
  it('open their order through the 180th day, then say expired', () => {
    const token = invoiceToken(key, 42, now);
    expect(orderIdFromToken(key, token, now)).toBe(42);
    expect(orderIdFromToken(key, token, now + INVOICE_LINK_DAYS * DAY)).toBe(42);
    expect(orderIdFromToken(key, token, now + (INVOICE_LINK_DAYS + 1) * DAY)).toBe('expired');
  });

  it('open nothing when their last day is past today + 180, correctly signed or not (a key that left the shop)', () => {
    expect(orderIdFromToken(key, signed(42, today + INVOICE_LINK_DAYS), now)).toBe(42);
    expect(orderIdFromToken(key, signed(42, today + INVOICE_LINK_DAYS + 1), now)).toBeNull();
    expect(orderIdFromToken(key, signed(42, 999_999), now)).toBeNull();
  });
});
