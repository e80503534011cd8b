import { describe, expect, it } from 'vitest';
import { listQuery, rangeDays, readFilters, writeFilters } from './order-filters';

describe('the staff list filters in the URL', () => {
  it('reads what it wrote and drops what is not valid', () => {
    const q = writeFilters(new URLSearchParams('order=7'), {
      status: 'pending',
      fulfillment: 'shipping',
      department: 3,
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-20',
      sort: 'oldest',
      search: 'Garcia',
      payment: 'unpaid',
      due: 'overdue',
    });
    expect(q.get('order')).toBe('7');
    expect(q.get('due')).toBe('overdue');
    expect(q.get('payment')).toBe('unpaid');
    expect(readFilters(q)).toEqual({
      status: 'pending',
      fulfillment: 'shipping',
      department: 3,
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-20',
      sort: 'oldest',
      search: 'Garcia',
      payment: 'unpaid',
      due: 'overdue',
      delivered: false,
      uncollected: false,
      page: 1,
    });
    expect(readFilters(writeFilters(q, { sort: 'due' }))).toMatchObject({ sort: 'due' });
    expect(listQuery(readFilters(writeFilters(q, { sort: 'due', due: 'week' })), 50).toString()).toContain(
      'sort=due&search=Garcia&payment=unpaid&due=week',
    );
    const bad = readFilters(
      new URLSearchParams('status=lost&fulfillment=drone&department=-1&from=11/01&page=0&payment=paid&due=late&sort=x'),
    );
    expect(bad).toMatchObject({
      status: null,
      fulfillment: null,
      department: null,
      from: '',
      page: 1,
      payment: null,
      due: null,
      sort: 'newest',
    });
    expect(writeFilters(q, { payment: null }).get('payment')).toBeNull();
  });

  it("carries the Today page's views: due dates, delivered, uncollected and refunds due", () => {
    const q = new URLSearchParams('due=overdue&stage=delivered&pickup=uncollected&payment=refund_due');
    const f = readFilters(q);
    expect(f).toMatchObject({ due: 'overdue', delivered: true, uncollected: true, payment: 'refund_due' });
    expect(Object.fromEntries(listQuery(f, 10))).toMatchObject({
      due: 'overdue',
      stage: 'delivered',
      pickup: 'uncollected',
      payment: 'refund_due',
    });
    expect(writeFilters(q, { due: null, delivered: false, uncollected: false }).toString()).toBe('payment=refund_due');
  });

  it('goes back to page 1 when a filter changes, and keeps the page when only the page changes', () => {
    const on3 = writeFilters(new URLSearchParams(), { page: 3 });
    expect(on3.get('page')).toBe('3');
    expect(writeFilters(on3, { status: 'pending' }).get('page')).toBeNull();
  });
});

describe('the API query', () => {
  // 2026-11-25 06:30 UTC is Tuesday 24 November, 23:30 in Phoenix: the shop's day, not UTC's, counts.
  const lateTuesday = new Date('2026-11-25T06:30:00Z');

  it('turns today and this week into shop days', () => {
    expect(rangeDays({ range: 'today', from: '', to: '' }, lateTuesday)).toEqual({
      from: '2026-11-24',
      to: '2026-11-24',
    });
    expect(rangeDays({ range: 'week', from: '', to: '' }, lateTuesday)).toEqual({
      from: '2026-11-23',
      to: '2026-11-24',
    });
  });

  it('carries every filter, the page as an offset', () => {
    const f = readFilters(
      new URLSearchParams('status=pending&department=4&range=today&sort=oldest&q=PO-7&payment=unpaid&page=2'),
    );
    expect(Object.fromEntries(listQuery(f, 100, lateTuesday))).toEqual({
      limit: '100',
      offset: '100',
      status: 'pending',
      department_id: '4',
      from: '2026-11-24',
      to: '2026-11-24',
      sort: 'oldest',
      search: 'PO-7',
      payment: 'unpaid',
    });
  });
});
