import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { allowedPatternField, type SigninPolicy } from '@shared/admin';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import {
  useAddAllowedEmail,
  useAllowedEmails,
  useRemoveAllowedEmail,
  useSetSigninPolicy,
  useSigninPolicy,
} from './api/access-calls';

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
  const setPolicy = useSetSigninPolicy();
  const choose = (value: SigninPolicy) =>
    setPolicy.mutate(value, {
      onSuccess: () => toast.success('Sign-in policy saved'),
      onError: (err) => toast.error(errorText(err, 'Failed to save the sign-in policy')),
    });
  return (
    <fieldset className="rounded-xl border border-gray-800 bg-ink-900 p-5">
      <legend className="float-left mb-3 w-full text-lg font-semibold text-gray-100">Sign-in policy</legend>
      <div className="clear-both grid gap-3 sm:grid-cols-2">
        {POLICIES.map((p) => (
          <label
            key={p.value}
            className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${policy === p.value ? 'border-brand-500 bg-brand-500/10' : 'border-gray-700 hover:border-gray-600'}`}
          >
            <input
              type="radio"
              name="signin-policy"
              value={p.value}
              checked={policy === p.value}
              disabled={setPolicy.isPending || policy === undefined}
              onChange={() => choose(p.value)}
              className="mt-1 accent-brand-500"
            />
            <span>
              <span className="block font-medium text-gray-100">{p.title}</span>
              <span className="block text-sm text-gray-400">{p.text}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AllowedList() {
  const { data: entries, isError } = useAllowedEmails();
  const add = useAddAllowedEmail();
  const remove = useRemoveAllowedEmail();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = allowedPatternField.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid entry');
    add.mutate(parsed.data, {
      onSuccess: () => {
        setValue('');
        toast.success(`${parsed.data} added`);
      },
      onError: (err) => setError(errorText(err, 'Failed to add the entry')),
    });
  };

  return (
    <section aria-labelledby="allowed-title" className="rounded-xl border border-gray-800 bg-ink-900 p-5">
      <h2 id="allowed-title" className="text-lg font-semibold text-gray-100">
        Allowed e-mails
      </h2>
      <p className="mt-1 text-sm text-gray-400">
        A whole address (chief@dvfire.gov) or everyone at a domain (@dvfire.gov).
      </p>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label className="flex-1">
          <span className="sr-only">Address or @domain</span>
          <input
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            placeholder="name@example.gov or @example.gov"
            aria-invalid={error ? true : undefined}
            className="w-full rounded-lg border border-gray-700 bg-ink-950 px-3 py-2 text-sm text-gray-100 focus:border-brand-500 focus:outline-none aria-invalid:border-red-500"
          />
        </label>
        <button
          type="submit"
          disabled={add.isPending}
          className="rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
        >
          Add
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-400">
          {error}
        </p>
      ) : null}
      {isError ? (
        <p role="alert" className="mt-3 text-red-400">
          Failed to load the list
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-gray-800 rounded-lg border border-gray-800">
        {entries?.length === 0 ? (
          <li className="px-3 py-4 text-center text-sm text-gray-500">The list is empty.</li>
        ) : null}
        {entries?.map((entry) => (
          <li key={entry.id} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="truncate text-sm text-gray-200">{entry.pattern}</span>
            <button
              type="button"
              aria-label={`Remove ${entry.pattern}`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(entry.id, { onError: (err) => toast.error(errorText(err, 'Failed to remove the entry')) })
              }
              className="rounded-md p-1.5 text-gray-400 hover:bg-red-950 hover:text-red-300"
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </section>
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
