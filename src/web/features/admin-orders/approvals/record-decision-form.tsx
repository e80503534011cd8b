import { useState } from 'react';
import { recordDecisionSchema, type RecordDecision } from '@shared/order-approvals';
import { REASON_MAX } from '@shared/orders';
import { Button, Field, RadioGroup, Textarea } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useRecordDecision } from './approvals-api';

const OPTIONS = [
  { value: 'approve', label: 'Approved' },
  { value: 'deny', label: 'Denied' },
] as const;

/** A decision the department gave by phone or in person; the reason says who and how, and is kept on the timeline. */
export function RecordDecisionForm({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const [decision, setDecision] = useState<RecordDecision['decision'] | ''>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const record = useRecordDecision(orderId);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = recordDecisionSchema.safeParse({ decision: decision || undefined, reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    try {
      const order = await record.mutateAsync(parsed.data);
      toast.success(order.status === 'denied' ? 'Denial recorded' : 'Approval recorded');
      onDone();
    } catch (err) {
      setError(errorText(err, 'The decision could not be recorded'));
    }
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-dashed border-edge p-3"
      data-testid="record-decision-form"
    >
      <RadioGroup
        label="The department's decision"
        look="segment"
        options={OPTIONS}
        value={decision}
        onChange={setDecision}
      />
      <Field label="How it reached you (required)" error={error}>
        <Textarea
          rows={2}
          value={reason}
          maxLength={REASON_MAX}
          placeholder="Chief Ortiz approved by phone"
          onChange={(e) => setReason(e.target.value)}
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
