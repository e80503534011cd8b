import { useEffect, useState } from 'react';
import { ROLES } from '@shared/constants';
import { Options } from '@web/components/forms/options';
import { SearchBox } from '@web/components/search-box';
import { Field, Select } from '@web/components/ui';
import { useDepartments } from './api/department-calls';
import { ROLE_LABEL } from './user-change';
import type { UserFilters } from './users-filters';

const ACTIVE_LABEL = { true: 'Active', false: 'Inactive' } as const;

/** Search (sent 300 ms after typing stops), role, department and status over the users list. */
export function UsersFilterBar({
  filters,
  change,
}: {
  filters: UserFilters;
  change: (patch: Partial<UserFilters>) => void;
}) {
  const departments = useDepartments().data ?? [];
  const [typed, setTyped] = useState(filters.search);
  useEffect(() => {
    setTyped(filters.search);
  }, [filters.search]);
  useEffect(() => {
    if (typed === filters.search) return;
    const t = setTimeout(() => change({ search: typed }), 300);
    return () => clearTimeout(t);
  }, [typed, filters.search, change]);
  return (
    <>
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
    </>
  );
}
