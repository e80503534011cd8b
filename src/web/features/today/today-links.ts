import type { TodayView } from '@shared/today';

/** The staff order list showing exactly a Today count's orders (its filters as the list keeps them in the URL). */
export function orderListHref(view: TodayView, orderId?: number): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(view)) {
    if (key === 'from') {
      // The list names a start day as a custom range.
      q.set('range', 'custom');
      q.set('from', String(value));
    } else q.set(key, String(value));
  }
  if (orderId) q.set('order', String(orderId));
  return `/admin/orders?${q}`;
}
