import { describe, expect, it } from 'vitest';
import { todayViews } from '@shared/today';
import { orderListHref } from './today-links';

describe('links from the Today page to the order list', () => {
  const views = todayViews('2026-11-26');

  it('names the start day of "new since yesterday" as a custom range', () => {
    expect(orderListHref(views.new_orders)).toBe('/admin/orders?range=custom&from=2026-11-25');
  });

  it('carries each view in the parameters the list reads, and opens one order', () => {
    expect(orderListHref(views.overdue)).toBe('/admin/orders?due=overdue&sort=oldest');
    expect(orderListHref(views.owed_after_delivery, 12)).toBe(
      '/admin/orders?stage=delivered&payment=owed_past_terms&sort=oldest&order=12',
    );
  });
});
