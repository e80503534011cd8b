import { describe, expect, it } from 'vitest';
import { formatAge, listQuery, rangeDays, readFilters, writeFilters } from './order-filters';

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
      unpaid: true,
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
      unpaid: true,
      due: 'overdue',
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
      unpaid: false,
      due: null,
      sort: 'newest',
    });
    expect(writeFilters(q, { unpaid: false }).get('payment')).toBeNull();
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

describe('formatAge', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it.each([
    ['2026-11-25T11:59:30Z', 'just now'],
    ['2026-11-25T11:48:00Z', '12 min ago'],
    ['2026-11-25T09:00:00Z', '3 h ago'],
    ['2026-11-23T13:00:00Z', '47 h ago'],
    ['2026-11-22T12:00:00Z', '3 d ago'],
  ])('%s is %s', (at, text) => expect(formatAge(at, now)).toBe(text));
});
