import { describe, expect, it } from 'vitest';
import { buckets, MAX_BUCKETS } from './build';

describe('report buckets', () => {
  it('fills every day, Monday-started week and month of a range', () => {
    expect(buckets('day', '2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(buckets('week', '2026-03-04', '2026-03-10')).toEqual(['2026-03-02', '2026-03-09']);
    expect(buckets('month', '2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('holds every day of the longest report range, two leap days in it', () => {
    expect(buckets('day', '2024-01-01', '2028-12-31')).toHaveLength(1827);
    expect(MAX_BUCKETS).toBeGreaterThanOrEqual(1827);
  });

  it('never makes more rows than the longest range, whatever range reaches it (security round 4, finding 2)', () => {
    // Year 1 to year 500 got past the old five-year check: 182,000 rows built on the event loop.
    for (const kind of ['day', 'week', 'month'] as const)
      expect(buckets(kind, '0001-01-01', '9999-12-31').length, kind).toBeLessThanOrEqual(MAX_BUCKETS);
  });
});
