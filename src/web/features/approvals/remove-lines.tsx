import { REASON_MAX, REMOVED_LINE_REASON, type Order } from '@shared/orders';
import { useTranslation } from 'react-i18next';
import { Checkbox, Field, Input } from '@web/components/ui';
import { useFormat } from '@web/i18n/format';

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
  const { t } = useTranslation();
  const format = useFormat();
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
      <legend className="text-sm font-semibold text-gray-100">{t('approval.removeLegend')}</legend>
      <p className="text-sm text-gray-400">{t('approval.removeIntro')}</p>
      <ul className="space-y-2">
        {items.map((i) => {
          const removed = i.id in removals;
          return (
            <li key={i.id} className="rounded-lg border border-gray-800 p-3" data-testid="removable-line">
              <Checkbox
                checked={removed}
                onChange={(e) => toggle(i.id, e.target.checked)}
                label={t('approval.removeLine', {
                  quantity: i.quantity,
                  name: i.product_name,
                  size: i.size,
                  price: format.money(i.total_price),
                })}
              />
              {removed ? (
                <Field
                  className="mt-2"
                  label={t('approval.removeWhy')}
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
          {t('approval.oneMustStay')}
        </p>
      ) : null}
    </fieldset>
  );
}
