import { ROLES, type Role } from '@shared/constants';

// The users table's filters live in the URL query (a link or a reload keeps them); this file reads and writes them.
export type UserFilters = {
  search: string;
  role: Role | '';
  department: number | null;
  active: 'true' | 'false' | '';
  page: number;
};

const positive = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

export function readUserFilters(q: URLSearchParams): UserFilters {
  const role = q.get('role') ?? '';
  const active = q.get('active') ?? '';
  return {
    search: q.get('q') ?? '',
    role: ROLES.includes(role as Role) ? (role as Role) : '',
    department: positive(q.get('department')),
    active: active === 'true' || active === 'false' ? active : '',
    page: positive(q.get('page')) ?? 1,
  };
}

/** The query with `patch` applied; any change but the page goes back to page 1. Other keys (the tab) stay. */
export function writeUserFilters(q: URLSearchParams, patch: Partial<UserFilters>): URLSearchParams {
  const next = new URLSearchParams(q);
  const f = { ...readUserFilters(q), ...patch };
  if (!('page' in patch)) f.page = 1;
  const set = (key: string, value: string | number | null) =>
    value === null || value === '' ? next.delete(key) : next.set(key, String(value));
  set('q', f.search.trim() ? f.search : null);
  set('role', f.role);
  set('department', f.department);
  set('active', f.active);
  set('page', f.page > 1 ? f.page : null);
  return next;
}

/** GET /users/ query of the filters. */
export function usersQuery(f: UserFilters, limit: number): URLSearchParams {
  const q = new URLSearchParams({ limit: String(limit), offset: String((f.page - 1) * limit) });
  if (f.search.trim()) q.set('search', f.search.trim());
  if (f.role) q.set('role', f.role);
  if (f.department) q.set('department_id', String(f.department));
  if (f.active) q.set('active', f.active);
  return q;
}
