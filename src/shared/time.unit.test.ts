import { describe, expect, it } from 'vitest';
import { formatShopDateTime, shopDay, shopDayStart, shopTimestamp } from './time';

describe('shop time (America/Phoenix, UTC-7 all year)', () => {
  it('writes a UTC moment in the shop zone and names the zone', () => {
    expect(formatShopDateTime('2026-11-25T15:15:00Z')).toBe('Nov 25, 2026, 8:15 AM MST');
    expect(shopTimestamp('2026-07-01T06:59:00Z')).toBe('2026-06-30 23:59');
  });

  it('keeps the same offset in summer (no daylight saving)', () => {
    expect(shopTimestamp('2026-07-15T19:00:00Z')).toBe('2026-07-15 12:00');
  });

  it('maps shop days to moments and back', () => {
    expect(shopDayStart('2026-11-25').toISOString()).toBe('2026-11-25T07:00:00.000Z');
    expect(shopDay(shopDayStart('2026-11-25'))).toBe('2026-11-25');
    expect(shopDay('2026-11-26T06:59:59Z')).toBe('2026-11-25');
  });
});
