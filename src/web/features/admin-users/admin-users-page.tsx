import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader, Tabs } from '@web/components/ui';
import { AccessTab } from './access-tab';
import { DepartmentsTab } from './departments-tab';
import { UsersTab } from './users-tab';

const TABS = [
  { value: 'users', label: 'Users', Panel: UsersTab },
  { value: 'access', label: 'Sign-in access', Panel: AccessTab },
  { value: 'departments', label: 'Departments', Panel: DepartmentsTab },
] as const;
type TabId = (typeof TABS)[number]['value'];

export default function AdminUsersPage() {
  // ?tab=departments opens a tab directly (the department report links back to it).
  const asked = useSearchParams()[0].get('tab');
  const [tab, setTab] = useState<TabId>(() => TABS.find((t) => t.value === asked)?.value ?? 'users');
  const current = TABS.find((t) => t.value === tab)!;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-8">
      <PageHeader
        flush
        title="Users"
        description="Roles, who may sign in, and the departments whose orders need approval."
      />
      <Tabs label="User administration" idPrefix="" tabs={TABS} value={tab} onChange={setTab}>
        <current.Panel />
      </Tabs>
    </div>
  );
}
