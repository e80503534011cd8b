import { useForm } from 'react-hook-form';
import { departmentBodySchema, type Department, type DepartmentBody } from '@shared/admin';
import { DialogActions } from './dialog-actions';

// Lists are typed one per line (or separated by commas) and checked with the shared department rules.
type Values = {
  name: string;
  domains: string;
  member_emails: string;
  approver_emails: string;
  requires_approval: boolean;
  tax_exempt: boolean;
};
type Field = keyof Values;

const list = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

const toBody = (v: Values) => ({
  ...v,
  domains: list(v.domains),
  member_emails: list(v.member_emails),
  approver_emails: list(v.approver_emails),
});

const toValues = (d?: Department): Values => ({
  name: d?.name ?? '',
  domains: d?.domains.join('\n') ?? '',
  member_emails: d?.member_emails.join('\n') ?? '',
  approver_emails: d?.approver_emails.join('\n') ?? '',
  requires_approval: d?.requires_approval ?? true,
  tax_exempt: d?.tax_exempt ?? false,
});

const box =
  'w-full rounded-lg border border-gray-700 bg-ink-950 px-3 py-2 text-sm text-gray-100 focus:border-brand-500 focus:outline-none aria-invalid:border-red-500';

type Props = { department?: Department; saving: boolean; onSave: (body: DepartmentBody) => void; onCancel: () => void };

export function DepartmentForm({ department, saving, onSave, onCancel }: Props) {
  const { register, handleSubmit, setError, formState } = useForm<Values>({ defaultValues: toValues(department) });
  const e = formState.errors;
  const submit = (values: Values) => {
    const parsed = departmentBodySchema.safeParse(toBody(values));
    if (parsed.success) return onSave(parsed.data);
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'name') as Field;
      if (!e[field]) setError(field, { message: issue.message });
    }
  };
  const err = (f: Field) =>
    e[f]?.message ? (
      <p role="alert" className="mt-1 text-sm text-red-400">
        {e[f]?.message}
      </p>
    ) : null;
  const area = (f: 'domains' | 'member_emails' | 'approver_emails', label: string, hint: string) => (
    <div>
      <label htmlFor={`dept-${f}`} className="mb-1 block text-sm font-medium text-gray-300">
        {label}
      </label>
      <textarea
        id={`dept-${f}`}
        rows={2}
        aria-invalid={e[f] ? true : undefined}
        className={box}
        placeholder={hint}
        {...register(f)}
      />
      {err(f)}
    </div>
  );

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <div>
        <label htmlFor="dept-name" className="mb-1 block text-sm font-medium text-gray-300">
          Name
        </label>
        <input id="dept-name" aria-invalid={e.name ? true : undefined} className={box} {...register('name')} />
        {err('name')}
      </div>
      {area('domains', 'E-mail domains (members)', 'dvfire.gov')}
      {area('member_emails', 'Member e-mails (outside those domains)', 'volunteer@gmail.com')}
      {area('approver_emails', 'Approver e-mails', 'quartermaster@dvfire.gov')}
      <p className="text-xs text-gray-500">One per line, or separated by commas.</p>
      <label className="flex items-start gap-3 text-sm text-gray-200">
        <input type="checkbox" className="mt-0.5 accent-brand-500" {...register('requires_approval')} />
        <span>
          Orders need approval{' '}
          <span className="block text-gray-500">Approvers get an e-mail with approve and deny links.</span>
        </span>
      </label>
      <label className="flex items-start gap-3 text-sm text-gray-200">
        <input type="checkbox" className="mt-0.5 accent-brand-500" {...register('tax_exempt')} />
        <span>
          Tax exempt <span className="block text-gray-500">Members&apos; orders carry no sales tax.</span>
        </span>
      </label>
      <DialogActions onCancel={onCancel} className="pt-2">
        <button
          type="submit"
          disabled={saving}
          className="rounded-lg bg-brand-500 px-4 py-2 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
        >
          {saving ? 'Saving...' : department ? 'Save Department' : 'Create Department'}
        </button>
      </DialogActions>
    </form>
  );
}
