// The owner's reports over the whole seeded history, timed the same way by `npm run bench` and `npm run bench:reports`.
import { shopDay } from '../../src/shared/time';
import { oneShot, type OneShot } from './one-shot';
import { PLAN } from './options';

const API = '/api/v1';

const REPORT_KINDS_TIMED = ['day', 'decoration'] as const;

/** Each report over five years (the seeded orders go back about two): aggregate SQL only, within 1 s. */
export async function reportShots(shop: { url: string; pid: number | undefined }, adminCookie: string) {
  const from = shopDay(new Date(Date.now() - 5 * 365 * 86_400_000 + 2 * 86_400_000));
  const range = `from=${from}&to=${shopDay(new Date())}`;
  const shots: OneShot[] = [];
  for (const kind of REPORT_KINDS_TIMED) {
    shots.push(
      await oneShot(shop.url, shop.pid, adminCookie, {
        name: `report-${kind}`,
        label: `GET ${API}/reports/${kind} (sales by ${kind}, five years)`,
        data: `${PLAN.ordersLarge.toLocaleString('en-US')} orders`,
        path: `${API}/reports/${kind}?${range}`,
        boundS: 1,
      }),
    );
  }
  return shots;
}
