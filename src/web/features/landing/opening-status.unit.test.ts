import { describe, expect, it } from 'vitest';
import { isOpenAt } from './opening-status';

// Phoenix is UTC-7 all year.
describe('opening hours Monday to Friday 08:00-17:00, Phoenix time', () => {
  it('opens at 08:00 and closes at 17:00 on a weekday', () => {
    expect(isOpenAt(new Date('2025-03-03T14:59:00Z'))).toBe(false); // Mon 07:59
    expect(isOpenAt(new Date('2025-03-03T15:00:00Z'))).toBe(true); // Mon 08:00
    expect(isOpenAt(new Date('2025-03-07T23:59:00Z'))).toBe(true); // Fri 16:59
    expect(isOpenAt(new Date('2025-03-08T00:00:00Z'))).toBe(false); // Fri 17:00
  });
  it('is closed at the weekend', () => {
    expect(isOpenAt(new Date('2025-03-08T18:00:00Z'))).toBe(false); // Sat 11:00
    expect(isOpenAt(new Date('2025-03-09T18:00:00Z'))).toBe(false); // Sun 11:00
  });
  it('keeps the same hours in summer (no daylight saving in Arizona)', () => {
    expect(isOpenAt(new Date('2025-07-14T15:00:00Z'))).toBe(true); // Mon 08:00
  });
});
