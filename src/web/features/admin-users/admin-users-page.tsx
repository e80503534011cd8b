import { useState } from 'react';
import { AccessTab } from './access-tab';
import { DepartmentsTab } from './departments-tab';
import { UsersTab } from './users-tab';

const TABS = [
  { id: 'users', label: 'Users', Panel: UsersTab },
  { id: 'access', label: 'Sign-in access', Panel: AccessTab },
  { id: 'departments', label: 'Departments', Panel: DepartmentsTab },
] as const;
type TabId = (typeof TABS)[number]['id'];

export default function AdminUsersPage() {
  const [tab, setTab] = useState<TabId>('users');
  const current = TABS.find((t) => t.id === tab)!;
  const move = (delta: number) => {
    const i = (TABS.findIndex((t) => t.id === tab) + delta + TABS.length) % TABS.length;
    setTab(TABS[i]!.id);
    document.getElementById(`tab-${TABS[i]!.id}`)?.focus();
  };
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-8">
      <header>
        <h1 className="text-2xl font-semibold text-gray-100">Users</h1>
        <p className="mt-1 text-sm text-gray-400">
          Roles, who may sign in, and the departments whose orders need approval.
        </p>
      </header>
      <div
        role="tablist"
        aria-label="User administration"
        className="flex gap-1 overflow-x-auto border-b border-gray-800"
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') move(1);
          if (e.key === 'ArrowLeft') move(-1);
        }}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap ${tab === t.id ? 'border-brand-500 text-brand-400' : 'border-transparent text-gray-400 hover:text-gray-200'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current.id}`} aria-labelledby={`tab-${current.id}`}>
        <current.Panel />
      </div>
    </div>
  );
}
