import { BarChart3, Package, Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useState } from 'react';
import type { Department, DepartmentBody } from '@shared/admin';
import { LoadState } from '@web/components/load-state';
import { Modal } from '@web/components/modal';
import { Button, buttonClasses, Card, ConfirmDialog } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useDeleteDepartment, useDepartments, useSaveDepartment } from './api/department-calls';
import { DepartmentForm } from './department-form';
import { MemberAllowances } from './member-allowances';
import { DepartmentKits } from './department-kits';

function Chips({ label, items }: { label: string; items: string[] }) {
  return (
    <div className="text-sm">
      <dt className="text-gray-400">{label}</dt>
      <dd className="mt-1 flex flex-wrap gap-1.5">
        {items.length === 0 ? <span className="text-gray-400">None</span> : null}
        {items.map((i) => (
          <span key={i} className="max-w-full rounded-md bg-gray-800 px-2 py-0.5 break-all text-gray-200">
            {i}
          </span>
        ))}
      </dd>
    </div>
  );
}

function IconButton({
  label,
  icon: Icon,
  hover,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  hover: string;
  onClick: () => void;
}) {
  return (
    <Button variant="icon" aria-label={label} onClick={onClick} className={hover}>
      <Icon className="h-4 w-4" aria-hidden />
    </Button>
  );
}

export function DepartmentsTab() {
  const { data, isPending, isError } = useDepartments();
  const save = useSaveDepartment();
  const del = useDeleteDepartment();
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);
  const [kitsOf, setKitsOf] = useState<Department | null>(null);

  const onSave = (body: DepartmentBody) =>
    save.mutate(
      { id: editing === 'new' || editing === null ? undefined : editing.id, body },
      {
        onSuccess: (d) => {
          toast.success(`${d.name} saved`);
          setEditing(null);
        },
        onError: (err) => toast.error(errorText(err, 'Failed to save the department')),
      },
    );
  const onDelete = () =>
    deleting &&
    del.mutate(deleting.id, {
      onSuccess: () => toast.success(`${deleting.name} deleted`),
      onError: (err) => toast.error(errorText(err, 'Failed to delete the department')),
      onSettled: () => setDeleting(null),
    });

  return (
    <section aria-label="Departments" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-xl text-sm text-gray-400">
          A customer belongs to a department by e-mail address or domain. Its orders can wait for an approver and can be
          tax exempt.
        </p>
        <Button onClick={() => setEditing('new')} className="text-sm">
          <Plus className="h-4 w-4" aria-hidden /> New department
        </Button>
      </div>
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading departments..."
        failedText="Failed to load departments"
      />
      {data?.length === 0 ? <p className="text-gray-400">No departments yet.</p> : null}
      {/* minmax(0, 1fr): a grid item is otherwise as wide as its longest line, which pushed the card past a phone. */}
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-2">
        {data?.map((d) => (
          <Card key={d.id} as="li" data-testid="department-card" className="min-w-0">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="text-lg font-semibold break-words text-gray-100">{d.name}</h3>
                <div className="mt-1 flex flex-wrap gap-2 text-xs">
                  <span
                    className={`rounded-full px-2 py-0.5 ${d.requires_approval ? 'bg-amber-900/50 text-amber-300' : 'bg-gray-800 text-gray-400'}`}
                  >
                    {d.requires_approval ? 'Approval required' : 'No approval'}
                  </span>
                  {d.tax_exempt ? (
                    <span className="rounded-full bg-sky-900/50 px-2 py-0.5 text-sky-300">Tax exempt</span>
                  ) : null}
                  {d.monthly_statement ? (
                    <span className="rounded-full bg-gray-800 px-2 py-0.5 text-gray-300">Monthly statement</span>
                  ) : null}
                </div>
              </div>
              <div className="flex shrink-0 gap-1">
                <IconButton
                  label={`Edit ${d.name}`}
                  icon={Pencil}
                  hover="hover:bg-gray-800 hover:text-white"
                  onClick={() => setEditing(d)}
                />
                <IconButton
                  label={`Delete ${d.name}`}
                  icon={Trash2}
                  hover="hover:bg-red-950 hover:text-red-300"
                  onClick={() => setDeleting(d)}
                />
              </div>
            </div>
            <dl className="mt-4 space-y-3">
              <Chips label="Domains" items={d.domains} />
              <Chips label="Members" items={d.member_emails} />
              <Chips label="Approvers" items={d.approver_emails} />
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link to={`/admin/departments/${d.id}`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                <BarChart3 className="h-4 w-4" aria-hidden />
                Spend report
              </Link>
              <Button variant="secondary" size="sm" aria-label={`Kits of ${d.name}`} onClick={() => setKitsOf(d)}>
                <Package className="h-4 w-4" aria-hidden />
                Kits
              </Button>
            </div>
          </Card>
        ))}
      </ul>

      <Modal
        open={editing !== null}
        onOpenChange={(o) => (o ? undefined : setEditing(null))}
        title={editing === 'new' ? 'New Department' : 'Edit Department'}
        size="lg"
      >
        {editing !== null ? (
          <DepartmentForm
            key={editing === 'new' ? 'new' : editing.id}
            department={editing === 'new' ? undefined : editing}
            saving={save.isPending}
            onSave={onSave}
            onCancel={() => setEditing(null)}
          />
        ) : null}
        {editing !== null && editing !== 'new' ? <MemberAllowances departmentId={editing.id} /> : null}
      </Modal>
      <Modal
        open={kitsOf !== null}
        onOpenChange={(o) => (o ? undefined : setKitsOf(null))}
        title={`Kits: ${kitsOf?.name ?? ''}`}
        size="lg"
      >
        {kitsOf !== null ? <DepartmentKits department={kitsOf} /> : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete department?"
        description={`${deleting?.name ?? ''} will be removed. A department that already has orders cannot be deleted; empty its domains and members instead.`}
        confirmLabel="Delete"
        danger
        pending={del.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
