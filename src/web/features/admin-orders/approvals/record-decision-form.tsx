import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { recordDecisionSchema, type RecordDecision } from '@shared/order-approvals';
import { REASON_MAX } from '@shared/orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Button, Field, RadioGroup, Textarea } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { typedChoice } from '../payments/money-fields';
import { useRecordDecision } from './approvals-api';

const OPTIONS = [
  { value: 'approve', label: 'Approved' },
  { value: 'deny', label: 'Denied' },
] as const;

// A decision not chosen yet is absent, so the shared rule gives its own words.
const decisionForm = recordDecisionSchema.extend({ decision: typedChoice(recordDecisionSchema.shape.decision) });
type Values = z.input<typeof decisionForm>;

/** A decision the department gave by phone or in person; the reason says who and how, and is kept on the timeline. */
export function RecordDecisionForm({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const form = useForm<Values, unknown, RecordDecision>({
    resolver: zodResolver(decisionForm),
    defaultValues: { decision: '', reason: '' },
  });
  const record = useRecordDecision(orderId);
  const submit = async (body: RecordDecision) => {
    try {
      const order = await record.mutateAsync(body);
      toast.success(order.status === 'denied' ? 'Denial recorded' : 'Approval recorded');
      onDone();
    } catch (err) {
      showServerErrors(err, form.setError, ['decision', 'reason'], 'The decision could not be recorded');
    }
  };
  const e = form.formState.errors;
  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      className="space-y-3 rounded-lg border border-dashed border-edge p-3"
      data-testid="record-decision-form"
    >
      <RadioGroup
        label="The department's decision"
        look="segment"
        options={OPTIONS}
        value={form.watch('decision') as RecordDecision['decision'] | ''}
        onChange={(d) => form.setValue('decision', d, { shouldValidate: form.formState.isSubmitted })}
      />
      <ErrorAlert message={e.decision?.message} className="text-sm text-red-400" />
      <Field label="How it reached you (required)" error={e.reason?.message ?? e.root?.server?.message}>
        <Textarea
          rows={2}
          maxLength={REASON_MAX}
          placeholder="Chief Ortiz approved by phone"
          {...form.register('reason')}
        />
      </Field>
      <p className="text-xs text-gray-400">
        The customer gets the same e-mail as for a link decision; a denial reason is shown to them.
      </p>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={record.isPending}>
          Record decision
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
