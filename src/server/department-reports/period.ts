import { periodFor } from '../allowances';

/**
 * The department's current yearly period as shop calendar days: the allowance year (it starts on the department's
 * allowance_period_start, "MM-DD", Jan 1 by default), so spend and allowance figures cover the same days. `end` is
 * the next period's first day (exclusive), which the report's queries compare against.
 */
export function currentPeriod(now: Date, periodStart = '01-01'): { start: string; end: string } {
  const { start } = periodFor(now, periodStart);
  return { start, end: `${Number(start.slice(0, 4)) + 1}-${periodStart}` };
}

/** The months of a period in order, "2026-01" .. "2026-12". */
export function periodMonths(period: { start: string }): string[] {
  const [y, m] = period.start.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const k = m - 1 + i;
    return `${y + Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}
