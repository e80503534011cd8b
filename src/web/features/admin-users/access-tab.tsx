import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SigninPolicy } from '@shared/admin';
import { Button, Card, ConfirmDialog, RadioGroup } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAllowedEmails, useRemoveAllowedEmail, useSetSigninPolicy, useSigninPolicy } from './api/access-calls';
import { plural } from '@shared/plural';
import { AllowedEmailForm } from './allowed-email-form';

const POLICIES: { value: SigninPolicy; title: string; text: string }[] = [
  { value: 'open', title: 'Open', text: 'Anyone with an e-mail address can sign in and shop.' },
  {
    value: 'allowed_list',
    title: 'Allowed list only',
    text: 'Only the addresses and @domains below, plus staff, can sign in.',
  },
];

function PolicyPicker() {
  const { data: policy } = useSigninPolicy();
  const { data: entries } = useAllowedEmails();
  const setPolicy = useSetSigninPolicy();
  // Restricting sign-in shuts people out, so it is asked first; opening it up is not.
  const [asking, setAsking] = useState(false);
  const choose = (value: SigninPolicy) =>
    setPolicy.mutate(value, {
      onSuccess: () => toast.success('Sign-in policy saved'),
      onError: (err) => toast.error(errorText(err, 'Failed to save the sign-in policy')),
      onSettled: () => setAsking(false),
    });
  const locked = setPolicy.isPending || policy === undefined;
  const count = entries?.length ?? 0;
  return (
    <Card as="section" aria-labelledby="policy-title">
      <h2 id="policy-title" className="mb-3 text-lg font-semibold text-gray-100">
        Sign-in policy
      </h2>
      <RadioGroup
        label="Sign-in policy"
        look="card"
        className="grid gap-3 sm:grid-cols-2"
        value={policy ?? ''}
        onChange={(v) => {
          if (v === policy) return;
          if (v === 'allowed_list') setAsking(true);
          else choose(v);
        }}
        options={POLICIES.map((p) => ({
          value: p.value,
          label: <span className="font-medium text-gray-100">{p.title}</span>,
          description: p.text,
          disabled: locked,
        }))}
      />
      <ConfirmDialog
        open={asking}
        title="Restrict sign-in to the allowed list?"
        description={`Only the ${plural(count, 'entry', 'entries')} on the allowed list, staff and the ADMIN_EMAILS admins will be able to sign in.`}
        confirmLabel="Restrict sign-in"
        danger
        pending={setPolicy.isPending}
        onConfirm={() => choose('allowed_list')}
        onCancel={() => setAsking(false)}
      >
        Anyone else who asks for a code gets the usual answer, but their mailbox receives a notice instead of a code.
        People already signed in stay signed in.
      </ConfirmDialog>
    </Card>
  );
}

function AllowedList() {
  const { data: entries, isError } = useAllowedEmails();
  const remove = useRemoveAllowedEmail();
  const { data: policy } = useSigninPolicy();
  const [removing, setRemoving] = useState<{ id: number; pattern: string } | null>(null);

  return (
    <Card as="section" aria-labelledby="allowed-title">
      <h2 id="allowed-title" className="text-lg font-semibold text-gray-100">
        Allowed e-mails
      </h2>
      <p className="mt-1 text-sm text-gray-400">
        A whole address (chief@dvfire.gov) or everyone at a domain (@dvfire.gov).
      </p>
      <AllowedEmailForm />
      {isError ? (
        <p role="alert" className="mt-3 text-red-400">
          Failed to load the list
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-gray-800 rounded-lg border border-gray-800">
        {entries?.length === 0 ? (
          <li className="px-3 py-4 text-center text-sm text-gray-400">The list is empty.</li>
        ) : null}
        {entries?.map((entry) => (
          <li key={entry.id} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="truncate text-sm text-gray-200">{entry.pattern}</span>
            <Button
              variant="icon"
              size="sm"
              aria-label={`Remove ${entry.pattern}`}
              disabled={remove.isPending}
              onClick={() => setRemoving(entry)}
              className="hover:bg-red-950 hover:text-red-300"
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.pattern ?? ''}?`}
        description={
          policy === 'allowed_list'
            ? `${removing?.pattern.startsWith('@') ? 'Addresses at this domain' : 'This address'} can no longer sign in, unless staff; a code already sent to it is refused.`
            : 'Sign-in is open now, so nothing changes until the policy is switched to the allowed list.'
        }
        confirmLabel="Remove"
        danger
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onError: (err) => toast.error(errorText(err, 'Failed to remove the entry')),
            onSettled: () => setRemoving(null),
          })
        }
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

export function AccessTab() {
  return (
    <div className="space-y-6">
      <PolicyPicker />
      <AllowedList />
    </div>
  );
}
