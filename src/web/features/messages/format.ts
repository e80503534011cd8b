import { LANGUAGE_LOCALES } from '@shared/languages';
import { formatDateIn } from '@shared/locale-format';
import { formatShopDateTime, shopDay, shopFormatter } from '@shared/time';

// Staff read every time in the shop's zone, whatever their browser's (src/shared/time.ts).
const timeOfDay = shopFormatter('en-US', { hour: 'numeric', minute: '2-digit' });
const weekdayTime = shopFormatter('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });
// The customer's own messages page in Spanish: "2:05 p.m.", "lun, 2:05 p.m.", "3 mar 2026".
const spanishTimeOfDay = shopFormatter(LANGUAGE_LOCALES.es, { hour: 'numeric', minute: '2-digit' });
const spanishWeekdayTime = shopFormatter(LANGUAGE_LOCALES.es, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** "2:05 PM" on the shop's today, "Mon 2:05 PM" this week, else "Mar 3, 2026" (staff: always English). */
export function shortTime(iso: string, now = new Date(), language = 'en'): string {
  const d = new Date(iso);
  const days = (now.getTime() - d.getTime()) / 86_400_000;
  const es = language === 'es';
  if (shopDay(d) === shopDay(now)) return (es ? spanishTimeOfDay : timeOfDay)().format(d);
  if (days < 6) return (es ? spanishWeekdayTime : weekdayTime)().format(d);
  return formatDateIn(language, d);
}

/** "Mar 3, 2026, 2:05 PM MST". */
export const fullTime = (iso: string) => formatShopDateTime(iso);

export const formatPhoneDisplay = (digits: string) =>
  digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
