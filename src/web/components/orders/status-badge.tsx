import { STATUS_LABELS, type OrderStatus } from '@shared/orders';

const tone: Record<OrderStatus, string> = {
  awaiting_approval: 'bg-amber-500/15 text-amber-300 ring-amber-500/40',
  pending: 'bg-sky-500/15 text-sky-300 ring-sky-500/40',
  in_production: 'bg-indigo-500/15 text-indigo-300 ring-indigo-500/40',
  ready_for_pickup: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
  shipped: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
  completed: 'bg-gray-500/15 text-gray-300 ring-gray-500/40',
  denied: 'bg-red-500/15 text-red-300 ring-red-500/40',
  cancelled: 'bg-gray-500/15 text-gray-400 ring-gray-500/40',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

const dateFmt = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Phoenix', dateStyle: 'medium' });
const dateTimeFmt = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Phoenix',
  dateStyle: 'medium',
  timeStyle: 'short',
});
export const formatDate = (iso: string) => dateFmt.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFmt.format(new Date(iso));
