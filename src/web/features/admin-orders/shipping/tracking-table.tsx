import { CARRIERS } from '@shared/tracking';
import { CARRIER_MAX, STATUS_LABELS, TRACKING_NUMBER_MAX } from '@shared/orders';
import type { ProductionSheet } from '@shared/production';
import { Input, Table, type Column } from '@web/components/ui';

export type Typed = { carrier: string; tracking_number: string };
type Target = ProductionSheet['orders'][number];

const LIST_ID = 'ship-carriers';

/** One row per chosen order: its carrier (UPS, USPS and FedEx offered) and tracking number. */
export function TrackingTable({
  orders,
  loading,
  typed,
  onChange,
}: {
  orders: Target[];
  loading: boolean;
  typed: Record<number, Typed>;
  onChange: (id: number, v: Typed) => void;
}) {
  const value = (id: number): Typed => typed[id] ?? { carrier: '', tracking_number: '' };
  const columns: Column<Target>[] = [
    {
      key: 'order',
      header: 'Order',
      label: 'Order',
      cell: (o) => <span className="font-mono font-semibold text-white">{o.order_number}</span>,
    },
    { key: 'customer', header: 'Customer', label: 'Customer', cell: (o) => o.customer_name },
    {
      key: 'status',
      header: 'Now',
      label: 'Now',
      cell: (o) => `${STATUS_LABELS[o.status]} · ${o.fulfillment === 'pickup' ? 'Pickup' : 'Shipping'}`,
    },
    {
      key: 'carrier',
      header: 'Carrier',
      label: 'Carrier',
      cell: (o) => (
        <Input
          dense
          list={LIST_ID}
          aria-label={`Carrier for ${o.order_number}`}
          maxLength={CARRIER_MAX}
          value={value(o.id).carrier}
          onChange={(e) => onChange(o.id, { ...value(o.id), carrier: e.target.value })}
        />
      ),
    },
    {
      key: 'tracking',
      header: 'Tracking number',
      label: 'Tracking number',
      cell: (o) => (
        <Input
          dense
          aria-label={`Tracking number for ${o.order_number}`}
          maxLength={TRACKING_NUMBER_MAX + 20}
          value={value(o.id).tracking_number}
          onChange={(e) => onChange(o.id, { ...value(o.id), tracking_number: e.target.value })}
        />
      ),
    },
  ];
  return (
    <>
      <datalist id={LIST_ID}>
        {CARRIERS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <Table
        caption="Carrier and tracking number per order"
        captionHidden
        columns={columns}
        rows={orders}
        rowKey={(o) => String(o.id)}
        stackOnPhone
        empty={loading ? 'Loading the orders…' : 'Choose orders in the order list first, or import a CSV file.'}
      />
    </>
  );
}
