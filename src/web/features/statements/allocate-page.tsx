import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { allocationSchema, spreadOldestFirst, type OpenOrder } from '@shared/allocations';
import { formatUsd } from '@shared/money';
import { LEDGER_METHOD_LABELS, LEDGER_METHODS } from '@shared/payments';
import { shopDay } from '@shared/time';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { LoadState } from '@web/components/load-state';
import { Button, Field, Input, PageHeader, Select } from '@web/components/ui';
import { ApiRequestError, errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { AllocationRows } from './allocation-rows';
import { useOpenOrders, useRecordAllocation, type PartyChoice } from './allocations-api';
import { useStatementDepartments } from './statements-api';

const link = 'text-brand-400 underline underline-offset-2 hover:text-brand-300';
const HAND_METHODS = LEDGER_METHODS.filter((m) => m !== 'stripe');
const toCentsText = (text: string) => Math.round((Number(text) || 0) * 100);
const centsText = (cents: number) => (cents / 100).toFixed(2);

function partyFrom(params: URLSearchParams): PartyChoice | null {
  const department = Number(params.get('department'));
  if (Number.isInteger(department) && department > 0) return { department_id: department };
  const customer = Number(params.get('customer'));
  if (Number.isInteger(customer) && customer > 0) return { customer_id: customer };
  return null;
}

/**
 * /admin/statements/allocate: one payment (a department's cheque) for several orders. Staff pick the department (or
 * come from a customer's page), see its open orders oldest first, enter the cheque; the amount spreads oldest first
 * until a share is edited by hand. The shared schema checks the sum before sending; the server checks each share
 * against what its order owes.
 */
export default function AllocatePage() {
  const [params, setParams] = useSearchParams();
  const party = partyFrom(params);
  const departments = useStatementDepartments();
  const open = useOpenOrders(party);
  const orders: OpenOrder[] = useMemo(() => open.data?.orders ?? [], [open.data]);
  const record = useRecordAllocation();

  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<(typeof HAND_METHODS)[number]>('department_check');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => shopDay(new Date()));
  const [shares, setShares] = useState<string[]>([]);
  const [byHand, setByHand] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);

  const spread = (text: string) =>
    spreadOldestFirst(
      toCentsText(text),
      orders.map((o) => Math.round(o.balance * 100)),
    ).map(centsText);
  // A new party or a fresh list starts from the default spread.
  useEffect(() => {
    setShares(spread(amount));
    setByHand(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orders]);
  // A customer pays by their own cheque; a department by its department check.
  const customerParty = party !== null && 'customer_id' in party;
  useEffect(() => {
    setMethod(customerParty ? 'check' : 'department_check');
  }, [customerParty]);

  const amountCents = toCentsText(amount);
  const sharedCents = shares.reduce((s, x) => s + toCentsText(x), 0);
  const leftCents = amountCents - sharedCents;

  const changeAmount = (text: string) => {
    setAmount(text);
    if (!byHand) setShares(spread(text));
  };
  const changeShare = (index: number, text: string) => {
    setByHand(true);
    setShares((s) => s.map((x, i) => (i === index ? text : x)));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setDone(null);
    const body = {
      ...party,
      amount: amount.trim() === '' ? undefined : Number(amount),
      method,
      reference,
      received_on: receivedOn,
      orders: orders.map((o, i) => ({ id: o.id, amount: Number(shares[i] || 0) })),
    };
    const checked = allocationSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.') || 'root', i.message])));
      return;
    }
    setErrors({});
    try {
      const saved = await record.mutateAsync(checked.data);
      const note = `${formatUsd(saved.amount)} recorded over ${saved.shares.length} orders${saved.reference ? ` (${saved.reference})` : ''}`;
      toast.success(note);
      setDone(note);
      setAmount('');
      setReference('');
    } catch (err) {
      const list = err instanceof ApiRequestError ? (err.body?.errors ?? []) : [];
      setErrors(
        list.length > 0
          ? Object.fromEntries(list.map((x) => [x.field, x.message]))
          : { root: errorText(err, 'Failed to record the payment') },
      );
    }
  };

  const departmentId = party && 'department_id' in party ? party.department_id : null;
  const summary = errors.root ?? Object.values(errors)[0];
  return (
    <div className="px-4 py-6 sm:px-6">
      <PageHeader
        title="Record one payment for several orders"
        description={
          <>
            A department&apos;s cheque (or a customer&apos;s) that pays several orders: the amount goes to the oldest
            order first; change any share before recording.{' '}
            <Link to={departmentId ? `/admin/statements/${departmentId}` : '/admin/statements'} className={link}>
              {departmentId ? 'Its statement' : 'All statements'}
            </Link>
          </>
        }
      />
      <form noValidate onSubmit={submit} className="max-w-5xl space-y-5" data-testid="allocation-form">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Department" hint={customerParty ? `Customer: ${open.data?.party.name ?? '…'}` : undefined}>
            <Select
              value={departmentId ?? ''}
              onChange={(e) => setParams(e.target.value ? { department: e.target.value } : {})}
              data-testid="allocation-department"
            >
              <option value="">Choose a department</option>
              {(departments.data ?? []).map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name} ({formatUsd(d.outstanding)} owed)
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Amount received ($)" required error={errors.amount}>
            <Input inputMode="decimal" value={amount} onChange={(e) => changeAmount(e.target.value)} name="amount" />
          </Field>
          <Field label="How it was paid" error={errors.method}>
            <Select value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
              {HAND_METHODS.map((m) => (
                <option key={m} value={m}>
                  {LEDGER_METHOD_LABELS[m]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Cheque number or reference" error={errors.reference}>
            <Input value={reference} onChange={(e) => setReference(e.target.value)} name="reference" />
          </Field>
          <Field label="Received on" error={errors.received_on}>
            <Input type="date" value={receivedOn} onChange={(e) => setReceivedOn(e.target.value)} />
          </Field>
        </div>
        <LoadState
          pending={party !== null && open.isPending}
          failed={open.isError}
          pendingText="Loading open orders…"
          failedText={errorText(open.error, 'Failed to fetch the open orders')}
        />
        {party === null ? <p className="text-gray-400">Choose a department to see the orders it owes on.</p> : null}
        {open.data && orders.length === 0 ? <p className="text-gray-300">Nothing is owed: no open orders.</p> : null}
        {orders.length > 0 ? (
          <>
            <AllocationRows orders={orders} shares={shares} errors={errors} onShare={changeShare} />
            <dl
              className="grid max-w-md grid-cols-2 gap-x-4 gap-y-1 text-sm tabular-nums"
              data-testid="allocation-totals"
            >
              <dt className="text-gray-400">Owed on these orders</dt>
              <dd className="text-right">{formatUsd(open.data?.outstanding ?? 0)}</dd>
              <dt className="text-gray-400">Shares</dt>
              <dd className="text-right">{formatUsd(sharedCents / 100)}</dd>
              <dt className="text-gray-400">Amount received</dt>
              <dd className="text-right">{formatUsd(amountCents / 100)}</dd>
              <dt className="font-semibold text-gray-200">Not yet given to an order</dt>
              <dd className={`text-right font-semibold ${leftCents === 0 ? 'text-gray-200' : 'text-amber-300'}`}>
                {formatUsd(leftCents / 100)}
              </dd>
            </dl>
          </>
        ) : null}
        <ErrorAlert message={summary} />
        {done ? (
          <p role="status" className="text-sm text-green-300">
            {done}.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={record.isPending} disabled={orders.length === 0}>
            Record payment
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setShares(spread(amount));
              setByHand(false);
            }}
            disabled={orders.length === 0}
          >
            Spread oldest first
          </Button>
        </div>
      </form>
    </div>
  );
}
