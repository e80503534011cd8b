import { BUSINESS } from '@shared/business';

const SHOP_TIME_ZONE = 'America/Phoenix';

/** Whether the shop is open at `now`, on Phoenix time (Arizona keeps no daylight saving). */
export function isOpenAt(now: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: SHOP_TIME_ZONE,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${get('hour')}:${get('minute')}`;
  return (
    (BUSINESS.hours.days as readonly string[]).includes(get('weekday')) &&
    time >= BUSINESS.hours.opens &&
    time < BUSINESS.hours.closes
  );
}
