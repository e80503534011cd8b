import { shopDay } from '../../shared/time';

export type AllowancePeriod = { start: string; end: string };

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The yearly period holding `now`: it starts on the department's MM-DD in the shop's time zone and ends the day
 * before the next start. Calendar arithmetic on UTC dates, where no day has a daylight-saving gap.
 */
export function periodFor(now: Date, startMmDd: string): AllowancePeriod {
  const today = shopDay(now);
  const year = Number(today.slice(0, 4));
  const startYear = today.slice(5) >= startMmDd ? year : year - 1;
  const start = `${startYear}-${startMmDd}`;
  const next = new Date(`${startYear + 1}-${startMmDd}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() - 1);
  return { start, end: iso(next) };
}
