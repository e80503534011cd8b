import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addWorkingDays, daysBetween, earliestDueDay } from './due-dates';

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
const anyDay = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('working days', () => {
  it('skips weekends: Friday + 1 is Monday, Saturday + 0 is Monday, Wednesday + 5 is next Wednesday', () => {
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-28', 0)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-25', 5)).toBe('2026-12-02');
    expect(addWorkingDays('2026-12-31', 1)).toBe('2027-01-01');
    // Ordered on a Saturday: as if on Monday, so one working day later is Tuesday.
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-12-01');
  });

  it('always lands on a weekday, later than the start, within count + 2 per week of calendar days', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: 60 }), (day, n) => {
        const due = addWorkingDays(day, n);
        expect([1, 2, 3, 4, 5]).toContain(weekday(due));
        const span = daysBetween(day, due);
        expect(span).toBeGreaterThanOrEqual(n);
        expect(span).toBeLessThanOrEqual(n + 2 * Math.ceil((n + 1) / 5) + 2);
      }),
    );
  });

  it('counts exactly n weekdays after the start (a weekend start counts from the Monday after)', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 1, max: 40 }), (day, n) => {
        const start = addWorkingDays(day, 0);
        const due = addWorkingDays(day, n);
        let weekdays = 0;
        for (let i = 1; i <= daysBetween(start, due); i += 1) {
          const d = new Date(`${start}T12:00:00Z`);
          d.setUTCDate(d.getUTCDate() + i);
          if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) weekdays += 1;
        }
        expect(weekdays).toBe(n);
      }),
    );
  });

  it('starts from the day in Arizona, not in UTC: 11 PM Tuesday in Phoenix is still Tuesday', () => {
    // 2026-11-25T06:00Z is Tuesday 11 PM in Phoenix (UTC-7), already Wednesday in UTC.
    expect(earliestDueDay(new Date('2026-11-25T06:00:00Z'), 1)).toBe('2026-11-25');
  });
});
