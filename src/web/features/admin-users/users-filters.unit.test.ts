import { describe, expect, it } from 'vitest';
import { readUserFilters, usersQuery, writeUserFilters } from './users-filters';

describe('the users table filters in the URL', () => {
  it('reads what it wrote, keeps the tab and drops what is not valid', () => {
    const q = writeUserFilters(new URLSearchParams('tab=users'), {
      search: 'garcia',
      role: 'employee',
      department: 4,
      active: 'false',
    });
    expect(q.toString()).toBe('tab=users&q=garcia&role=employee&department=4&active=false');
    expect(readUserFilters(q)).toEqual({ search: 'garcia', role: 'employee', department: 4, active: 'false', page: 1 });
    expect(readUserFilters(new URLSearchParams('role=owner&department=x&active=maybe&page=-2'))).toEqual({
      search: '',
      role: '',
      department: null,
      active: '',
      page: 1,
    });
  });

  it('asks the API with its own names, the page as an offset', () => {
    const f = readUserFilters(new URLSearchParams('role=admin&department=2&active=true&page=3'));
    expect(Object.fromEntries(usersQuery(f, 25))).toEqual({
      limit: '25',
      offset: '50',
      role: 'admin',
      department_id: '2',
      active: 'true',
    });
  });
});
