import { Link } from 'react-router';
import type { AdminUser } from '@shared/admin';
import { ROLES, type Role } from '@shared/constants';
import { formatShopDate } from '@shared/time';
import { Button, Select, type Column } from '@web/components/ui';
import { nameOf, ROLE_LABEL, type UserChange } from './user-change';

/** The users table's columns; `me` can change neither their own role nor their own access. */
export function userColumns(me: number | undefined, onChange: (c: UserChange) => void): Column<AdminUser>[] {
  return [
    {
      key: 'user',
      header: 'User',
      label: 'User',
      cell: (u) => (
        <div className="min-w-0">
          <Link
            to={`/admin/customers/${u.id}`}
            className="font-medium break-words text-gray-100 hover:text-brand-300 hover:underline"
          >
            {nameOf(u)}
          </Link>{' '}
          {u.id === me ? <span className="text-xs text-brand-400">(you)</span> : null}
          <p className="break-all text-gray-300">{u.email}</p>
        </div>
      ),
    },
    { key: 'department', header: 'Department', label: 'Department', cell: (u) => u.department_name ?? '—' },
    {
      key: 'role',
      header: 'Role',
      label: 'Role',
      cell: (u) => (
        <Select
          aria-label={`Role for ${u.email}`}
          value={u.role}
          disabled={u.id === me}
          title={u.id === me ? 'You cannot change your own role' : undefined}
          onChange={(e) => onChange({ user: u, role: e.target.value as Role })}
          dense
          className="w-auto text-sm"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </Select>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      label: 'Status',
      cell: (u) => (
        <span
          className={`inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-medium ${u.is_active ? 'bg-emerald-900/50 text-emerald-300' : 'bg-gray-800 text-gray-300'}`}
        >
          {u.is_active ? 'Active' : 'Inactive'}
        </span>
      ),
    },
    {
      key: 'seen',
      header: 'Last sign-in',
      label: 'Last sign-in',
      cell: (u) => (u.last_login_at ? formatShopDate(u.last_login_at) : 'Never'),
    },
    {
      key: 'access',
      header: <span className="sr-only">Access</span>,
      label: 'Access',
      cell: (u) => (
        <Button
          size="sm"
          variant={u.is_active ? 'danger-quiet' : 'secondary'}
          disabled={u.id === me}
          title={u.id === me ? 'You cannot deactivate yourself' : undefined}
          onClick={() => onChange({ user: u, is_active: !u.is_active })}
        >
          {u.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      ),
    },
  ];
}
