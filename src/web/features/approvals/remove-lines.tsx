import { REASON_MAX, REMOVED_LINE_REASON, type Order } from '@shared/orders';
import { formatUsd } from '@shared/money';
import { Checkbox, Field, Input } from '@web/components/ui';

/** Lines the approver takes off, by line id, each with the reason typed so far. */
export type Removals = Record<number, string>;

/** What is wrong with the removals before sending: a reason missing, or every line gone (that is a denial). */
export function removalProblems(items: Order['items'], removals: Removals, tried: boolean) {
  const ids = Object.keys(removals).map(Number);
  return {
    all: ids.length > 0 && ids.length >= items.length,
    missing: new Set(tried ? ids.filter((id) => !removals[id]!.trim()) : []),
  };
}

/**
 * Approving line by line: each line can be taken off with a reason the member reads; the rest is approved and
 * priced again. `tried`: the approver pressed Approve, so empty reasons show their error.
 */
export function RemoveLines({
  items,
  removals,
  onChange,
  tried,
}: {
  items: Order['items'];
  removals: Removals;
  onChange: (next: Removals) => void;
  tried: boolean;
}) {
  if (items.length < 2) return null;
  const problems = removalProblems(items, removals, tried);
  const toggle = (id: number, on: boolean) => {
    const next = { ...removals };
    if (on) next[id] = '';
    else delete next[id];
    onChange(next);
  };
  return (
    <fieldset className="space-y-3" data-testid="remove-lines">
      <legend className="text-sm font-semibold text-gray-100">Approve without some lines (optional)</legend>
      <p className="text-sm text-gray-400">
        Tick a line to take it off the order; the rest is approved and priced again. The customer is e-mailed what was
        removed and why.
      </p>
      <ul className="space-y-2">
        {items.map((i) => {
          const removed = i.id in removals;
          return (
            <li key={i.id} className="rounded-lg border border-gray-800 p-3" data-testid="removable-line">
              <Checkbox
                checked={removed}
                onChange={(e) => toggle(i.id, e.target.checked)}
                label={`Remove ${i.quantity} x ${i.product_name}, size ${i.size} (${formatUsd(i.total_price)})`}
              />
              {removed ? (
                <Field
                  className="mt-2"
                  label="Why is this line removed? (the customer reads it)"
                  error={problems.missing.has(i.id) ? REMOVED_LINE_REASON : null}
                >
                  <Input
                    value={removals[i.id]}
                    maxLength={REASON_MAX}
                    onChange={(e) => onChange({ ...removals, [i.id]: e.target.value })}
                  />
                </Field>
              ) : null}
            </li>
          );
        })}
      </ul>
      {problems.all ? (
        <p role="alert" className="text-sm text-red-300">
          At least one line must stay. To refuse every line, deny the order instead.
        </p>
      ) : null}
    </fieldset>
  );
}
