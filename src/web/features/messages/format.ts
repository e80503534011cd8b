import { formatShopDate, formatShopDateTime, shopDay, shopFormatter } from '@shared/time';

// Staff read every time in the shop's zone, whatever their browser's (src/shared/time.ts).
const timeOfDay = shopFormatter('en-US', { hour: 'numeric', minute: '2-digit' });
const weekdayTime = shopFormatter('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** "2:05 PM" on the shop's today, "Mon 2:05 PM" this week, else "Mar 3, 2026". */
export function shortTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  const days = (now.getTime() - d.getTime()) / 86_400_000;
  if (shopDay(d) === shopDay(now)) return timeOfDay().format(d);
  if (days < 6) return weekdayTime().format(d);
  return formatShopDate(d);
}

/** "Mar 3, 2026, 2:05 PM MST". */
export const fullTime = (iso: string) => formatShopDateTime(iso);

export const formatPhoneDisplay = (digits: string) =>
  digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
