import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { departmentBodySchema, type Department, type DepartmentBody } from '@shared/admin';
import { Button, Checkbox, Field, Input, Textarea } from '@web/components/ui';
import { DialogActions } from '@web/components/dialog-actions';
import { StatementOptIn } from './statement-opt-in';
import { GarmentPicker, type CatalogChoice } from './garment-picker';

// Lists are typed one per line (or separated by commas) and checked with the shared department rules.
type Values = {
  name: string;
  domains: string;
  member_emails: string;
  approver_emails: string;
  requires_approval: boolean;
  tax_exempt: boolean;
  /** Dollars as typed; empty = no allowance. */
  allowance_amount: string;
  allowance_period_start: string;
  approval_over_allowance: boolean;
  monthly_statement: boolean;
};
type FieldName = keyof Values;

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
  allowance_amount: v.allowance_amount.trim() === '' ? null : Number(v.allowance_amount),
});

const toValues = (d?: Department): Values => ({
  name: d?.name ?? '',
  domains: d?.domains.join('\n') ?? '',
  member_emails: d?.member_emails.join('\n') ?? '',
  approver_emails: d?.approver_emails.join('\n') ?? '',
  requires_approval: d?.requires_approval ?? true,
  tax_exempt: d?.tax_exempt ?? false,
  allowance_amount: d?.allowance_amount == null ? '' : d.allowance_amount.toFixed(2),
  allowance_period_start: d?.allowance_period_start ?? '01-01',
  approval_over_allowance: d?.approval_over_allowance ?? false,
  monthly_statement: d?.monthly_statement ?? false,
});

type Props = { department?: Department; saving: boolean; onSave: (body: DepartmentBody) => void; onCancel: () => void };

export function DepartmentForm({ department, saving, onSave, onCancel }: Props) {
  const { register, handleSubmit, setError, formState } = useForm<Values>({ defaultValues: toValues(department) });
  const [catalog, setCatalog] = useState<CatalogChoice>({
    productIds: department?.product_ids ?? null,
    required: department?.required_product_ids ?? [],
  });
  const [catalogError, setCatalogError] = useState<string>();
  const e = formState.errors;
  const submit = (values: Values) => {
    const parsed = departmentBodySchema.safeParse({
      ...toBody(values),
      product_ids: catalog.productIds,
      required_product_ids: catalog.required,
    });
    setCatalogError(undefined);
    if (parsed.success) return onSave(parsed.data);
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'name');
      if (field === 'product_ids' || field === 'required_product_ids') setCatalogError(issue.message);
      else if (!e[field as FieldName]) setError(field as FieldName, { message: issue.message });
    }
  };
  const area = (f: 'domains' | 'member_emails' | 'approver_emails', label: string, hint: string) => (
    <Field id={`dept-${f}`} label={label} error={e[f]?.message}>
      <Textarea rows={2} className="text-sm" placeholder={hint} {...register(f)} />
    </Field>
  );

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <Field id="dept-name" label="Name" error={e.name?.message}>
        <Input className="text-sm" {...register('name')} />
      </Field>
      {area('domains', 'E-mail domains (members)', 'dvfire.gov')}
      {area('member_emails', 'Member e-mails (outside those domains)', 'volunteer@gmail.com')}
      {area('approver_emails', 'Approver e-mails', 'quartermaster@dvfire.gov')}
      <p className="text-xs text-gray-400">One per line, or separated by commas.</p>
      <Checkbox
        label="Orders need approval "
        hint="Approvers get an e-mail with approve and deny links."
        {...register('requires_approval')}
      />
      <Checkbox label="Tax exempt " hint="Members' orders carry no sales tax." {...register('tax_exempt')} />
      <fieldset className="space-y-3 border-t border-gray-800 pt-4">
        <legend className="text-sm font-semibold text-white">Allowance</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id="dept-allowance_amount"
            label="Per member per year ($)"
            hint="Empty: no allowance."
            error={e.allowance_amount?.message}
          >
            <Input inputMode="decimal" className="text-sm" placeholder="300.00" {...register('allowance_amount')} />
          </Field>
          <Field
            id="dept-allowance_period_start"
            label="Year starts (MM-DD)"
            hint="07-01 for a July fiscal year."
            error={e.allowance_period_start?.message}
          >
            <Input className="text-sm" placeholder="07-01" {...register('allowance_period_start')} />
          </Field>
        </div>
        <Checkbox
          label="Approval when over the allowance "
          hint="An order above the member's balance waits for an approver."
          {...register('approval_over_allowance')}
        />
      </fieldset>
      <StatementOptIn field={register('monthly_statement')} />
      <GarmentPicker value={catalog} onChange={setCatalog} error={catalogError} />
      <DialogActions onCancel={onCancel} className="pt-2">
        <Button type="submit" loading={saving}>
          {saving ? 'Saving...' : department ? 'Save Department' : 'Create Department'}
        </Button>
      </DialogActions>
    </form>
  );
}
