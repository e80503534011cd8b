import type { ReactNode } from 'react';
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from '@shared/orders';
import { Tabs } from '@web/components/ui';

type Key = OrderStatus | 'all';

/** One tab per status with its count; the row wraps, so no tab ever hides at 1024 or 1280. */
export function StatusTabs({
  value,
  counts,
  onChange,
  children,
}: {
  value: OrderStatus | null;
  counts: Record<string, number> | undefined;
  onChange: (status: OrderStatus | null) => void;
  children: ReactNode;
}) {
  const tab = (key: Key, label: string) => ({
    value: key,
    label: (
      <>
        {label}
        <span className="rounded-full bg-gray-800 px-1.5 py-0.5 text-xs text-gray-300 tabular-nums">
          {counts?.[key] ?? '·'}
        </span>
      </>
    ),
  });
  return (
    <Tabs
      label="Filter by status"
      idPrefix="orders-"
      tabs={[tab('all', 'All'), ...ORDER_STATUSES.map((s) => tab(s, STATUS_LABELS[s]))]}
      value={value ?? 'all'}
      onChange={(k) => onChange(k === 'all' ? null : k)}
    >
      {children}
    </Tabs>
  );
}
