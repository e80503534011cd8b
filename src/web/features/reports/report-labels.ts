import type { Report, ReportRow } from '@shared/reports';
import { formatShopDate, shopDayStart } from '@shared/time';

const monthName = (m: string) =>
  new Date(`${m}-15T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
// Noon: the date stays whole in the shop's zone.
/** "Nov 23, 2026" for a shop day "2026-11-23". */
export const readableDay = (d: string) => formatShopDate(new Date(shopDayStart(d).getTime() + 12 * 3600_000));

/** Rows of the time reports read as dates ("Nov 23, 2026", "November 2026"); the others keep their names. */
export function readableRows(r: Report): ReportRow[] {
  const name = r.kind === 'month' ? monthName : r.kind === 'day' ? readableDay : r.kind === 'week' ? readableDay : null;
  return name ? r.rows.map((row) => ({ ...row, label: name(row.key) })) : r.rows;
}

const DAY_MS = 86_400_000;
/** A shop day `days` before another, both "YYYY-MM-DD". */
export const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
