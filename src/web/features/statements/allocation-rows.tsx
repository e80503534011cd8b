import { formatUsd } from '@shared/money';
import type { OpenOrder } from '@shared/allocations';
import { formatShopDate } from '@shared/time';
import { Field, Input, Table, type Column } from '@web/components/ui';

type Row = OpenOrder & { index: number };

/**
 * The party's open orders, oldest first, each with its share of the payment (editable) and what it will still owe.
 * A share's error (the server's or the shared schema's, "Row 3: ...") shows under its own input.
 */
export function AllocationRows({
  orders,
  shares,
  errors,
  onShare,
}: {
  orders: OpenOrder[];
  shares: string[];
  errors: Record<string, string>;
  onShare: (index: number, value: string) => void;
}) {
  const shareCents = (i: number) => Math.round((Number(shares[i]) || 0) * 100);
  const columns: Column<Row>[] = [
    {
      key: 'order',
      header: 'Order',
      label: 'Order',
      cell: (o) => (
        <span className="font-mono font-semibold whitespace-nowrap">
          {o.index + 1}. {o.order_number}
          {o.po_number ? <span className="block font-sans text-xs text-gray-400">PO {o.po_number}</span> : null}
        </span>
      ),
    },
    { key: 'date', header: 'Placed', label: 'Placed', cell: (o) => formatShopDate(o.created_at) },
    {
      key: 'balance',
      header: 'Owes',
      label: 'Owes',
      cell: (o) => formatUsd(o.balance),
      className: 'text-right tabular-nums',
    },
    {
      key: 'share',
      header: 'Share ($)',
      label: 'Share',
      cell: (o) => (
        <Field
          label={`Share of ${o.order_number}`}
          labelHidden
          error={errors[`orders.${o.index}.amount`] ?? errors[`orders.${o.index}.id`]}
          className="min-w-28"
        >
          <Input
            dense
            inputMode="decimal"
            value={shares[o.index] ?? ''}
            onChange={(e) => onShare(o.index, e.target.value)}
            className="text-right tabular-nums"
            data-testid="allocation-share"
          />
        </Field>
      ),
    },
    {
      key: 'after',
      header: 'Owes after',
      label: 'Owes after',
      cell: (o) => formatUsd(Math.max(0, Math.round(o.balance * 100) - shareCents(o.index)) / 100),
      className: 'text-right tabular-nums',
    },
  ];
  return (
    <Table
      caption="Open orders, oldest first, and each one's share"
      captionHidden
      columns={columns}
      rows={orders.map((o, index) => ({ ...o, index }))}
      rowKey={(o) => String(o.id)}
      rowTestId="allocation-row"
      stackOnPhone
    />
  );
}
