import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AdminUser } from '@shared/admin';
import { ROLES, type Role } from '@shared/constants';
import { Options } from '@web/components/forms/options';
import { LoadState } from '@web/components/load-state';
import { Button, ConfirmDialog, Input, Select } from '@web/components/ui';
import { useSession } from '@web/features/auth';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useUpdateUser, useUsers, type UsersFilter } from './api/users-calls';

const PAGE = 25;
const ROLE_LABEL: Record<Role, string> = { admin: 'Admin', employee: 'Employee', other: 'Customer' };

type Pending = { user: AdminUser; role?: Role; is_active?: boolean };

const nameOf = (u: AdminUser) => [u.first_name, u.last_name].filter(Boolean).join(' ') || 'No name yet';

function useDebounced<T>(value: T, ms: number) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function describe(p: Pending) {
  const who = p.user.email;
  if (p.role)
    return {
      title: 'Change role?',
      body: `${who} becomes ${ROLE_LABEL[p.role]}. It applies from their next click.`,
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

export function UsersTab() {
  const { data: me } = useSession();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<UsersFilter['role']>('');
  const [offset, setOffset] = useState(0);
  const debounced = useDebounced(search, 300);
  const { data, isPending, isError, isFetching } = useUsers({ search: debounced, role, limit: PAGE, offset });
  const update = useUpdateUser();
  const [pending, setPending] = useState<Pending | null>(null);

  useEffect(() => setOffset(0), [debounced, role]);

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
  const text = pending ? describe(pending) : null;

  return (
    <section aria-label="Users" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label className="relative flex-1">
          <span className="sr-only">Search users</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-500"
            aria-hidden
          />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search by name or e-mail"
            className="pl-9 text-sm"
          />
        </label>
        <label className="sm:w-48">
          <span className="sr-only">Filter by role</span>
          <Select value={role} onChange={(e) => setRole(e.target.value as UsersFilter['role'])} className="text-sm">
            <Options empty="All roles" values={ROLES} labels={ROLE_LABEL} />
          </Select>
        </label>
      </div>

      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading users..."
        failedText="Failed to load users"
      />

      {data ? (
        <div className={`overflow-hidden rounded-xl border border-gray-800 ${isFetching ? 'opacity-70' : ''}`}>
          <div className="hidden grid-cols-[minmax(0,1fr)_8.5rem_5.5rem_7rem] gap-4 border-b border-gray-800 bg-ink-900 px-4 py-2 text-xs font-semibold tracking-wide text-gray-400 uppercase lg:grid">
            <span>User</span>
            <span>Role</span>
            <span>Status</span>
            <span className="text-right">Access</span>
          </div>
          <ul className="divide-y divide-gray-800">
            {data.users.length === 0 ? <li className="px-4 py-6 text-center text-gray-400">No users match.</li> : null}
            {data.users.map((u) => {
              const self = u.id === me?.id;
              return (
                <li
                  key={u.id}
                  data-testid="user-row"
                  className="grid gap-2 px-4 py-3 lg:grid-cols-[minmax(0,1fr)_8.5rem_5.5rem_7rem] lg:items-center lg:gap-4"
                >
                  {/* Name over e-mail in one column: at 1024 the admin sidebar leaves 640 px, and two columns cut both. */}
                  <div className="min-w-0">
                    <p className="font-medium break-words text-gray-100">
                      <Link to={`/admin/customers/${u.id}`} className="hover:text-brand-400 hover:underline">
                        {nameOf(u)}
                      </Link>{' '}
                      {self ? <span className="text-xs text-brand-400">(you)</span> : null}
                    </p>
                    <p className="text-sm break-all text-gray-300">{u.email}</p>
                    {self ? (
                      <p className="text-xs text-gray-400">You cannot change your own role or deactivate yourself.</p>
                    ) : null}
                  </div>
                  <div className="flex items-center gap-3 lg:contents">
                    <Select
                      aria-label={`Role for ${u.email}`}
                      value={u.role}
                      disabled={self}
                      title={self ? 'You cannot change your own role' : undefined}
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
                    <span
                      className={`inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-medium ${u.is_active ? 'bg-emerald-900/50 text-emerald-300' : 'bg-gray-800 text-gray-400'}`}
                    >
                      {u.is_active ? 'Active' : 'Inactive'}
                    </span>
                    <div className="ml-auto lg:ml-0 lg:text-right">
                      <Button
                        size="sm"
                        variant={u.is_active ? 'danger-quiet' : 'secondary'}
                        disabled={self}
                        onClick={() => setPending({ user: u, is_active: !u.is_active })}
                      >
                        {u.is_active ? 'Deactivate' : 'Activate'}
                      </Button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      {total > 0 ? (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm text-gray-400">
          <span>
            {offset + 1}-{Math.min(offset + PAGE, total)} of {total}
          </span>
          <div className="flex gap-2">
            <Button
              variant="icon"
              aria-label="Previous page"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE))}
              className="border border-edge"
            >
              <ChevronLeft className="h-4 w-4" aria-hidden />
            </Button>
            <Button
              variant="icon"
              aria-label="Next page"
              disabled={offset + PAGE >= total}
              onClick={() => setOffset(offset + PAGE)}
              className="border border-edge"
            >
              <ChevronRight className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        </nav>
      ) : null}

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
