import { shopDay } from './time';

// Due dates are shop days ("2026-11-25"), counted in working days Monday to Friday. Arithmetic runs on UTC noon of
// the day so no zone or daylight-saving shift can move it to a neighbouring day.
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** The working day `count` working days after `day` (a weekend day first rolls forward to Monday when count is 0). */
export function addWorkingDays(day: string, count: number): string {
  const d = noonOf(day);
  while (isWeekend(d)) d.setUTCDate(d.getUTCDate() + 1);
  for (let left = count; left > 0;) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (!isWeekend(d)) left -= 1;
  }
  return dayOf(d);
}

/** The earliest due date a customer may ask for at `now`: today in the shop's zone plus the lead time. */
export function earliestDueDay(now: Date, leadTimeDays: number): string {
  return addWorkingDays(shopDay(now), leadTimeDays);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((noonOf(to).getTime() - noonOf(from).getTime()) / 86_400_000);
}
