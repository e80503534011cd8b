import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadState } from '@web/components/load-state';
import { Pager } from '@web/components/pager';
import { ConfirmDialog, Table } from '@web/components/ui';
import { useSession } from '@web/features/auth';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useUpdateUser, useUsers } from './api/users-calls';
import { describe, type UserChange } from './user-change';
import { userColumns } from './users-columns';
import { UsersFilterBar } from './users-filter-bar';
import { readUserFilters, usersQuery, writeUserFilters, type UserFilters } from './users-filters';

const PAGE = 25;

/** The users table: search and filters in the URL (role, department, active), role changes confirmed first. */
export function UsersTab() {
  const { data: me } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readUserFilters(params), [params]);
  const change = useCallback(
    (patch: Partial<UserFilters>) => setParams((q) => writeUserFilters(q, patch), { replace: true }),
    [setParams],
  );

  const { data, isPending, isError, isFetching } = useUsers(usersQuery(filters, PAGE));
  const update = useUpdateUser();
  const [pending, setPending] = useState<UserChange | null>(null);

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

  const columns = userColumns(me?.id, setPending);

  return (
    <section aria-label="Users" className="min-w-0 space-y-4">
      <UsersFilterBar filters={filters} change={change} />

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
