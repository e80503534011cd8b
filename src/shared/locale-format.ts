import { LANGUAGE_LOCALES } from './languages';
import { formatUsd } from './money';
import { formatDueDay } from './shop-day-words';
import { formatShopDate, formatShopDateTime, shopFormatter } from './time';

// Money and dates in a customer's language, for screens and mails alike. English keeps the shared English
// formatters, so its text is exactly what it always was; the Spanish formatters are built on first use only
// (building one loads ICU data, see money.ts), which an English page or mail never pays for.

let spanishMoney: Intl.NumberFormat | undefined;
const spanishDate = shopFormatter(LANGUAGE_LOCALES.es, { dateStyle: 'medium' });
const spanishDateTime = shopFormatter(LANGUAGE_LOCALES.es, { dateStyle: 'medium', timeStyle: 'short' });
let spanishDay: Intl.DateTimeFormat | undefined;

const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** "$1,234.50" in both: US dollars as US Spanish writes them too. */
export function formatMoneyIn(language: string, dollars: number): string {
  if (language !== 'es') return formatUsd(dollars);
  spanishMoney ??= new Intl.NumberFormat(LANGUAGE_LOCALES.es, { style: 'currency', currency: 'USD' });
  return spanishMoney.format(dollars);
}

/** "Nov 25, 2026" / "25 nov 2026". */
export function formatDateIn(language: string, at: Date | string): string {
  return language === 'es' ? spanishDate().format(toDate(at)) : formatShopDate(at);
}

/** "Nov 25, 2026, 8:15 AM MST" / "25 nov 2026, 8:15 a.m. MST". */
export function formatDateTimeIn(language: string, at: Date | string): string {
  return language === 'es' ? `${spanishDateTime().format(toDate(at))} MST` : formatShopDateTime(at);
}

/** A shop calendar day ("2026-12-02"): "Wed, Dec 2, 2026" / "mié, 2 dic 2026". */
export function formatDayIn(language: string, day: string): string {
  if (language !== 'es') return formatDueDay(day);
  spanishDay ??= new Intl.DateTimeFormat(LANGUAGE_LOCALES.es, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return spanishDay.format(new Date(`${day}T12:00:00Z`));
}
