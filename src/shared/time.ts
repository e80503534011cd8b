// Every time a person reads (screens, e-mails, CSV) is in the shop's zone: Arizona keeps MST all year, no daylight saving.
export const SHOP_TIME_ZONE = 'America/Phoenix';

/**
 * A formatter in the shop's zone, built on its first use and kept. Building one loads time-zone and locale data:
 * three built at module start-up cost 126 ms of the store's first paint under a 4x CPU slowdown (a phone), though
 * the store shows no date.
 */
export function shopFormatter(locale: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>) {
  let built: Intl.DateTimeFormat | undefined;
  return () => (built ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE }));
}

const dateTime = shopFormatter('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = shopFormatter('en-US', { dateStyle: 'medium' });
const isoParts = shopFormatter('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** "Nov 25, 2026, 8:15 AM MST": the zone is named so a reader elsewhere is never misled. */
export function formatShopDateTime(at: Date | string): string {
  return `${dateTime().format(toDate(at))} MST`;
}

/** "Nov 25, 2026". */
export function formatShopDate(at: Date | string): string {
  return dateOnly().format(toDate(at));
}

/** "2026-11-25 08:15": sortable, for CSV cells and print. */
export function shopTimestamp(at: Date | string): string {
  const p = Object.fromEntries(
    isoParts()
      .formatToParts(toDate(at))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The shop's calendar day of a moment, "2026-11-25". */
export function shopDay(at: Date | string): string {
  return shopTimestamp(at).slice(0, 10);
}

/** The moment a shop calendar day ("2026-11-25") starts: Phoenix is UTC-7 all year. */
export function shopDayStart(day: string): Date {
  return new Date(`${day}T00:00:00-07:00`);
}
