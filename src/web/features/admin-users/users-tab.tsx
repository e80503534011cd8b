import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminUser } from '@shared/admin';
import { ROLES, type Role } from '@shared/constants';
import { formatShopDate } from '@shared/time';
import { Options } from '@web/components/forms/options';
import { LoadState } from '@web/components/load-state';
import { Pager } from '@web/components/pager';
import { SearchBox } from '@web/components/search-box';
import { Button, ConfirmDialog, Field, Select, Table, type Column } from '@web/components/ui';
import { useSession } from '@web/features/auth';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useDepartments } from './api/department-calls';
import { useUpdateUser, useUsers } from './api/users-calls';
import { readUserFilters, usersQuery, writeUserFilters, type UserFilters } from './users-filters';
import { personName } from '@shared/person-name';

const PAGE = 25;
const ROLE_LABEL: Record<Role, string> = { admin: 'Admin', employee: 'Employee', other: 'Customer' };
const ACTIVE_LABEL = { true: 'Active', false: 'Inactive' } as const;

type Pending = { user: AdminUser; role?: Role; is_active?: boolean };

const nameOf = (u: AdminUser) => personName(u.first_name, u.last_name, 'No name yet');

/** The dialog names the person, and for a role change the role they have and the one they would get. */
function describe(p: Pending) {
  const name = personName(p.user.first_name, p.user.last_name);
  const who = name ? `${name} (${p.user.email})` : p.user.email;
  if (p.role)
    return {
      title: 'Change role?',
      body: `${who}: from ${ROLE_LABEL[p.user.role]} to ${ROLE_LABEL[p.role]}. It applies from their next click.`,
      label: `Make ${ROLE_LABEL[p.role]}`,
    };
  if (p.is_active === false)
    return {
      title: 'Deactivate user?',
      body: `${who} is signed out everywhere and cannot sign in until reactivated.`,
      label: 'Deactivate',
    };
  return { title: 'Activate user?', body: `${who} can sign in again.`, label: 'Activate' };
}

/** The users table: search and filters in the URL (role, department, active), role changes confirmed first. */
export function UsersTab() {
  const { data: me } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readUserFilters(params), [params]);
  const change = useCallback(
    (patch: Partial<UserFilters>) => setParams((q) => writeUserFilters(q, patch), { replace: true }),
    [setParams],
  );
  const [typed, setTyped] = useState(filters.search);
  useEffect(() => setTyped(filters.search), [filters.search]);
  useEffect(() => {
    if (typed === filters.search) return;
    const t = setTimeout(() => change({ search: typed }), 300);
    return () => clearTimeout(t);
  }, [typed, filters.search, change]);

  const { data, isPending, isError, isFetching } = useUsers(usersQuery(filters, PAGE));
  const departments = useDepartments().data ?? [];
  const update = useUpdateUser();
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = () => {
    if (!pending) return;
    const patch = pending.role ? { role: pending.role } : { is_active: pending.is_active };
    update.mutate(
      { id: pending.user.id, patch },
      {
        onSuccess: (u) => toast.success(`${u.email} updated`),
        onError: (err) => toast.error(errorText(err, 'Failed to update user')),
        onSettled: () => setPending(null),
      },
    );
  };
  const total = data?.total ?? 0;
  const offset = (filters.page - 1) * PAGE;
  const text = pending ? describe(pending) : null;

  const columns: Column<AdminUser>[] = [
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
          {u.id === me?.id ? <span className="text-xs text-brand-400">(you)</span> : null}
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
          disabled={u.id === me?.id}
          title={u.id === me?.id ? 'You cannot change your own role' : undefined}
          onChange={(e) => setPending({ user: u, role: e.target.value as Role })}
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
          disabled={u.id === me?.id}
          title={u.id === me?.id ? 'You cannot deactivate yourself' : undefined}
          onClick={() => setPending({ user: u, is_active: !u.is_active })}
        >
          {u.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      ),
    },
  ];

  return (
    <section aria-label="Users" className="min-w-0 space-y-4">
      <SearchBox label="Search users" value={typed} onChange={setTyped} placeholder="Search by name or e-mail" />
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap" data-testid="user-filters">
        <Field label="Role">
          <Select value={filters.role} onChange={(e) => change({ role: e.target.value as UserFilters['role'] })}>
            <Options empty="All roles" values={ROLES} labels={ROLE_LABEL} />
          </Select>
        </Field>
        <Field label="Department">
          <Select
            className="sm:max-w-56"
            value={filters.department ?? ''}
            onChange={(e) => change({ department: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">All departments</option>
            {departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Status">
          <Select value={filters.active} onChange={(e) => change({ active: e.target.value as UserFilters['active'] })}>
            <Options empty="Any status" values={['true', 'false'] as const} labels={ACTIVE_LABEL} />
          </Select>
        </Field>
      </div>

      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading users..."
        failedText="Failed to load users"
      />

      {data ? (
        <Table
          caption={`Users: ${total}`}
          captionHidden
          columns={columns}
          rows={data.users}
          rowKey={(u) => String(u.id)}
          rowTestId="user-row"
          stackOnPhone
          empty="No users match."
          className={isFetching ? 'opacity-70' : undefined}
        />
      ) : null}

      <Pager offset={offset} limit={PAGE} total={total} onPage={(page) => change({ page })} />

      <ConfirmDialog
        open={pending !== null}
        title={text?.title ?? ''}
        description={text?.body}
        confirmLabel={text?.label ?? 'Confirm'}
        danger={pending?.is_active === false || pending?.role === 'other'}
        pending={update.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
