import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SHIPMENT_CSV_MAX, type ShipmentRowInput } from '@shared/shipments';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Button, Checkbox, PageHeader, RadioGroup } from '@web/components/ui';
import { errorText, type ApiAnswer } from '@web/lib/api';
import { parseIds } from '@web/lib/id-list';
import { useBulkShip, useShipTargets, type BulkShipRequest } from '../api/admin-orders-api';
import { confirmsAsked, shippableCount, unconfirmed, type Confirmed } from './confirms';
import { CsvSource } from './csv-source';
import { ShipmentResults } from './shipment-results';
import { TrackingTable, type Typed } from './tracking-table';
import { plural } from '@shared/plural';

type Source = 'table' | 'csv';

const CONFIRM_WORDS = {
  UNPAID_BALANCE: 'shipping orders that still owe money',
  TRACKING_IN_USE: 'tracking numbers already on another order',
} as const;

/**
 * /admin/orders/ship?orders=1,2: carrier and tracking number for each chosen order in one table, or a CSV file of
 * order number, carrier and tracking number. "Check" shows each row's problem and changes nothing; only "Ship"
 * does, and only for the rows without one.
 */
export default function ShipOrdersPage() {
  const [params] = useSearchParams();
  const ids = parseIds(params.get('orders'));
  const targets = useShipTargets(ids);
  const [source, setSource] = useState<Source>(ids.length ? 'table' : 'csv');
  const [typed, setTyped] = useState<Record<number, Typed>>({});
  const [csv, setCsv] = useState('');
  const [allowUnpaid, setAllowUnpaid] = useState(false);
  const [allowReuse, setAllowReuse] = useState(false);
  const [preview, setPreview] = useState<ApiAnswer<'/orders/admin/shipments', 'post'> | null>(null);
  const [done, setDone] = useState<ApiAnswer<'/orders/admin/shipments', 'post'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ship = useBulkShip();

  // Any change after a check needs a new check before shipping.
  const changed = () => {
    setPreview(null);
    setDone(null);
    setError(null);
  };
  const rows: ShipmentRowInput[] = (targets.data ?? []).map((o) => ({
    order_number: o.order_number,
    carrier: typed[o.id]?.carrier ?? '',
    tracking_number: typed[o.id]?.tracking_number ?? '',
  }));
  const confirms = { allow_unpaid: allowUnpaid, allow_tracking_reuse: allowReuse };
  const body = (apply: boolean): BulkShipRequest =>
    source === 'csv' ? { csv, apply, ...confirms } : { rows, apply, ...confirms };
  // One check finds every warning of every row at once, each confirmed on its own: a warned row ships once all its
  // warnings are, the rows without one ship now (a parcel that waits for a payment holds back no other).
  const confirmed: Confirmed = { UNPAID_BALANCE: allowUnpaid, TRACKING_IN_USE: allowReuse };
  const checkedRows = preview?.rows ?? [];
  const waiting = unconfirmed(checkedRows, confirmed);
  const shippable = shippableCount(checkedRows, confirmed);
  // Asked only once a check found a label already on another order (its row names that order).
  const reuseFound = [preview, done].some((a) => confirmsAsked(a?.rows ?? []).includes('TRACKING_IN_USE'));
  // Ticking a confirmation keeps the check (the rows it covers can ship now); taking one back needs a new check.
  const confirm = (set: (v: boolean) => void) => (e: { target: { checked: boolean } }) => {
    set(e.target.checked);
    if (!e.target.checked) changed();
    else setDone(null);
  };

  const run = async (apply: boolean) => {
    setError(null);
    try {
      const answer = await ship.mutateAsync(body(apply));
      if (apply) {
        setDone(answer);
        setPreview(null);
      } else setPreview(answer);
    } catch (err) {
      setError(errorText(err, apply ? 'The orders could not be shipped' : 'The rows could not be checked'));
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageHeader
        title="Ship orders"
        description={
          <>
            Enter each order&apos;s carrier and tracking number, or import them from a CSV file. Check them first:
            nothing ships until you confirm.{' '}
            <Link to="/admin/orders" className="text-brand-400 underline underline-offset-2 hover:text-brand-300">
              Back to orders
            </Link>
          </>
        }
      />
      <RadioGroup
        className="mt-4"
        label="Where the tracking numbers come from"
        look="segment"
        value={source}
        onChange={(v) => {
          setSource(v);
          changed();
        }}
        options={[
          { value: 'table', label: `Type them in (${ids.length})`, disabled: ids.length === 0 },
          { value: 'csv', label: 'Import a CSV file' },
        ]}
      />
      <div className="mt-4">
        {source === 'table' ? (
          <TrackingTable
            orders={targets.data ?? []}
            loading={targets.isPending && ids.length > 0}
            typed={typed}
            onChange={(id, v) => {
              setTyped((t) => ({ ...t, [id]: v }));
              changed();
            }}
          />
        ) : (
          <CsvSource
            value={csv}
            max={SHIPMENT_CSV_MAX}
            onChange={(v) => {
              setCsv(v);
              changed();
            }}
          />
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Checkbox label="Ship orders that still owe money" checked={allowUnpaid} onChange={confirm(setAllowUnpaid)} />
        {reuseFound || allowReuse ? (
          <Checkbox
            label="Ship with tracking numbers already on another order (one parcel, several orders)"
            checked={allowReuse}
            onChange={confirm(setAllowReuse)}
          />
        ) : null}
        <Button variant="secondary" onClick={() => void run(false)} disabled={ship.isPending}>
          Check
        </Button>
        {preview ? (
          <Button onClick={() => void run(true)} disabled={ship.isPending || shippable === 0}>
            Ship {plural(shippable, 'order')}
          </Button>
        ) : null}
      </div>
      {waiting.length ? (
        <p className="mt-2 text-sm text-amber-300" data-testid="ship-confirms-waiting">
          Rows with a warning ship once you confirm {waiting.map((c) => CONFIRM_WORDS[c]).join(' and ')} above; the
          others ship now.
        </p>
      ) : null}
      <ErrorAlert className="mt-3 text-sm text-red-400" message={error} />
      {preview ? <ShipmentResults answer={preview} ready={shippable} /> : null}
      {done ? <ShipmentResults answer={done} /> : null}
    </div>
  );
}
