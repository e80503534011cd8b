import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SEARCH_MIN_CHARS, SEARCH_TOO_SHORT } from '@shared/orders';
import { SearchBox } from '@web/components/search-box';
import { Button, Field, Input, Select } from '@web/components/ui';
import { DUE_FILTER_LABELS, DUE_FILTERS } from '@shared/due-date-rules';
import type { DateRange, OrderFilters, PaymentFilter, Sort } from './order-filters';

type Props = {
  filters: OrderFilters;
  departments: { id: number; name: string }[] | null;
  onChange: (patch: Partial<OrderFilters>) => void;
};

const size = 'w-full sm:w-auto';

/**
 * Search and the list's other filters. The search waits for a pause in typing; everything else applies at once.
 * `departments` is null for an employee: GET /departments/ is admin-only, so the filter is left out.
 */
export function FiltersBar({ filters, departments, onChange }: Props) {
  const [typed, setTyped] = useState(filters.search);
  useEffect(() => {
    setTyped(filters.search);
  }, [filters.search]);
  useEffect(() => {
    if (typed === filters.search) return;
    const t = setTimeout(() => onChange({ search: typed }), 300);
    return () => clearTimeout(t);
  }, [typed, filters.search, onChange]);

  return (
    <div className="mb-4 space-y-3" data-testid="order-filters">
      <SearchBox
        label="Search orders"
        value={typed}
        onChange={setTyped}
        placeholder="Order number, name, e-mail, phone, PO, product, embroidered name, tracking, department or note"
      />
      {typed.trim().length > 0 && typed.trim().length < SEARCH_MIN_CHARS ? (
        <p className="text-sm text-amber-300" role="status">
          {SEARCH_TOO_SHORT}
        </p>
      ) : null}
      <ViewChips filters={filters} onChange={onChange} />
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <Field label="Fulfilment">
          <Select
            className={size}
            value={filters.fulfillment ?? ''}
            onChange={(e) => onChange({ fulfillment: (e.target.value || null) as OrderFilters['fulfillment'] })}
          >
            <option value="">Pickup and shipping</option>
            <option value="pickup">Pickup</option>
            <option value="shipping">Shipping</option>
          </Select>
        </Field>
        {departments ? (
          <Field label="Department">
            <Select
              className={`${size} sm:max-w-56`}
              value={filters.department ?? ''}
              onChange={(e) => onChange({ department: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">All departments</option>
              {departments.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <Field label="Placed">
          <Select
            className={size}
            value={filters.range}
            onChange={(e) => onChange({ range: e.target.value as DateRange })}
          >
            <option value="">Any time</option>
            <option value="today">Today</option>
            <option value="week">This week</option>
            <option value="custom">Choose dates…</option>
          </Select>
        </Field>
        {filters.range === 'custom' ? (
          <>
            <Field label="From">
              <Input
                type="date"
                className={size}
                value={filters.from}
                max={filters.to || undefined}
                onChange={(e) => onChange({ from: e.target.value })}
              />
            </Field>
            <Field label="To">
              <Input
                type="date"
                className={size}
                value={filters.to}
                min={filters.from || undefined}
                onChange={(e) => onChange({ to: e.target.value })}
              />
            </Field>
          </>
        ) : null}
        <Field label="Payment">
          <Select
            className={size}
            value={filters.payment ?? ''}
            onChange={(e) => onChange({ payment: (e.target.value || null) as PaymentFilter | null })}
          >
            <option value="">Any payment</option>
            <option value="unpaid">Unpaid</option>
            <option value="refund_due">Refund due</option>
            <option value="owed_past_terms">Owed, past account terms</option>
          </Select>
        </Field>
        <Field label="Due">
          <Select
            className={size}
            value={filters.due ?? ''}
            onChange={(e) => onChange({ due: (e.target.value || null) as OrderFilters['due'] })}
          >
            <option value="">Any due date</option>
            {DUE_FILTERS.map((d) => (
              <option key={d} value={d}>
                {DUE_FILTER_LABELS[d]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Sort">
          <Select className={size} value={filters.sort} onChange={(e) => onChange({ sort: e.target.value as Sort })}>
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
            <option value="due">Due date, soonest first</option>
          </Select>
        </Field>
      </div>
    </div>
  );
}

/** The Today page's views that have no control of their own: shown, and removable, so the list never hides a filter. */
function ViewChips({ filters, onChange }: Pick<Props, 'filters' | 'onChange'>) {
  const chips = [
    filters.delivered ? { label: 'Shipped or completed', clear: { delivered: false } } : null,
    filters.uncollected ? { label: 'Ready for pickup 7+ days', clear: { uncollected: false } } : null,
  ].filter((c) => c !== null);
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Other filters">
      {chips.map((c) => (
        <li key={c.label}>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onChange(c.clear)}
            aria-label={`Remove filter: ${c.label}`}
          >
            {c.label}
            <X className="h-3.5 w-3.5" aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}
