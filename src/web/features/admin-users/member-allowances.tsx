import { useState } from 'react';
import { formatUsd } from '@shared/money';
import { Button, Field, Input } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAllowanceOverrides, useSetAllowanceOverride } from './api/department-calls';

/** One member's own allowance in place of the department's (docs/product.md#allowances). */
export function MemberAllowances({ departmentId }: { departmentId: number }) {
  const { data: overrides = [] } = useAllowanceOverrides(departmentId);
  const set = useSetAllowanceOverride(departmentId);
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState('');
  const submit = (target: string, value: number | null) =>
    set.mutate(
      { email: target, amount: value },
      {
        onSuccess: () => {
          toast.success(value === null ? `${target} follows the department again` : `Allowance set for ${target}`);
          if (value !== null) {
            setEmail('');
            setAmount('');
          }
        },
        onError: (err) => toast.error(errorText(err, 'Failed to set the allowance')),
      },
    );

  return (
    <section aria-label="Member allowances" className="space-y-3 border-t border-gray-800 pt-4">
      <h3 className="text-sm font-semibold text-white">Member allowances</h3>
      {overrides.length === 0 ? (
        <p className="text-sm text-gray-400">Every member has the department&apos;s amount.</p>
      ) : (
        <ul className="space-y-1.5 text-sm" data-testid="allowance-overrides">
          {overrides.map((o) => (
            <li key={o.user_id} className="flex items-center justify-between gap-3 text-gray-200">
              <span className="min-w-0 break-all">{o.email}</span>
              <span className="flex items-center gap-2">
                {formatUsd(o.amount)}
                <Button variant="secondary" className="text-xs" onClick={() => submit(o.email, null)}>
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
        <Field id="override-email" label="Member e-mail">
          <Input className="text-sm" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field id="override-amount" label="Amount ($)">
          <Input inputMode="decimal" className="text-sm" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <Button
          variant="secondary"
          className="text-sm"
          loading={set.isPending}
          disabled={!email.trim() || amount.trim() === ''}
          onClick={() => submit(email, Number(amount))}
        >
          Set
        </Button>
      </div>
    </section>
  );
}
