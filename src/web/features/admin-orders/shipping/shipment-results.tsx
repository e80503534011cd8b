import type { ShipmentResult } from '@shared/shipments';
import { Table, type Column } from '@web/components/ui';
import type { ApiAnswer } from '@web/lib/api';
import { plural } from '@shared/plural';

const columns: Column<ShipmentResult>[] = [
  { key: 'line', header: 'Row', label: 'Row', cell: (r) => r.line, className: 'w-12 tabular-nums' },
  {
    key: 'order',
    header: 'Order',
    label: 'Order',
    cell: (r) => <span className="font-mono font-semibold whitespace-nowrap text-white">{r.order_number || '—'}</span>,
  },
  { key: 'customer', header: 'Customer', label: 'Customer', cell: (r) => r.customer_name ?? '—' },
  { key: 'carrier', header: 'Carrier', label: 'Carrier', cell: (r) => r.carrier ?? '—' },
  {
    key: 'tracking',
    header: 'Tracking number',
    label: 'Tracking number',
    cell: (r) => <span className="font-mono">{r.tracking_number ?? '—'}</span>,
  },
  {
    key: 'result',
    header: 'Result',
    label: 'Result',
    cell: (r) =>
      r.warnings.length > 1 ? (
        // Each warning on its own line, as each has its own confirmation.
        <ul className="space-y-1 text-amber-300">
          {r.warnings.map((w) => (
            <li key={w.code} data-code={w.code}>
              {w.message}
            </li>
          ))}
        </ul>
      ) : r.problem ? (
        <span className="text-amber-300">{r.problem}</span>
      ) : (
        <span className="font-semibold text-emerald-300">{r.shipped ? 'Shipped' : 'Ready to ship'}</span>
      ),
  },
];

/** Each row's outcome: the preview ("Ready to ship" or its problem) or, once applied, what shipped and what did not. */
export function ShipmentResults({
  answer,
  ready = answer.ready,
}: {
  answer: ApiAnswer<'/orders/admin/shipments', 'post'>;
  /** A preview's rows that ship now: more than the check's once staff confirmed its warnings. */
  ready?: number;
}) {
  const problems = answer.rows.length - (answer.applied ? answer.ready : ready);
  const summary = answer.applied
    ? `${plural(answer.shipped, 'order')} shipped${problems ? `; ${plural(problems, 'row')} not shipped` : ''}`
    : `${ready} of ${plural(answer.rows.length, 'row')} ready to ship${problems ? `; ${problems} with a problem (not shipped if you go on)` : ''}`;
  return (
    <section className="mt-5" data-testid={answer.applied ? 'ship-result' : 'ship-preview'}>
      <p
        role="status"
        className={`mb-3 rounded-xl border p-3 text-sm font-semibold text-white ${problems ? 'border-amber-500/50 bg-amber-500/10' : 'border-emerald-500/50 bg-emerald-500/10'}`}
      >
        {summary}
      </p>
      <Table
        caption={answer.applied ? 'What was shipped' : 'Check before shipping'}
        captionHidden
        columns={columns}
        rows={answer.rows}
        rowKey={(r) => String(r.line)}
        stackOnPhone
      />
    </section>
  );
}
