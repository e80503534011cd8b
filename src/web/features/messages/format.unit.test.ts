import { describe, expect, it } from 'vitest';
import { fullTime, shortTime } from './format';

// Staff anywhere read the shop's time (America/Phoenix, UTC-7 all year), never their browser's zone.
describe('message times', () => {
  const now = new Date('2026-11-25T20:00:00Z'); // 1:00 PM in Phoenix

  it('shows the time of day for a message of the shop day', () => {
    expect(shortTime('2026-11-25T15:05:00Z', now)).toBe('8:05 AM');
  });

  it('counts a message from 11 PM the evening before as yesterday, not today', () => {
    expect(shortTime('2026-11-25T06:30:00Z', now)).toBe('Tue 11:30 PM');
  });

  it('shows a date for older messages and names the zone in full times', () => {
    expect(shortTime('2026-11-10T15:05:00Z', now)).toBe('Nov 10, 2026');
    expect(fullTime('2026-11-25T15:05:00Z')).toBe('Nov 25, 2026, 8:05 AM MST');
  });

  it("reads in Spanish on the customer's page when Spanish is on", () => {
    expect(shortTime('2026-11-25T15:05:00Z', now, 'es')).toMatch(/^8:05\sa\.\s?m\.$/);
    expect(shortTime('2026-11-25T06:30:00Z', now, 'es')).toMatch(/^mar/);
    expect(shortTime('2026-11-10T15:05:00Z', now, 'es')).toMatch(/10 nov 2026/);
  });
});
