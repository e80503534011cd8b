import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  CUSTOMIZATION_LABELS,
  customizationsSchema,
  POSITION_LABELS,
  POSITIONS,
  type Customization,
  type CustomizationType,
  type Position,
} from '@shared/cart';
import { QUANTITY_MAX, QUANTITY_MIN } from '@shared/constants';
import type { Order } from '@shared/orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useModifyOrder, type ModifyItem } from './api/orders-api';

type Draft = ModifyItem & { key: number; name: string };
type Props = { order: Order; onClose: () => void; onDone: (created: Order) => void };

const TYPES: CustomizationType[] = ['add_name', 'us_flag', 'az_flag'];

/** Edit a denied order's lines (quantity, remove, customisations) and resubmit it as a new order. */
export function ModifyOrderModal({ order, onClose, onDone }: Props) {
  const [lines, setLines] = useState<Draft[]>(() =>
    order.items.map((i) => ({
      key: i.id,
      name: `${i.product_name} · Size ${i.size}`,
      product_id: i.product_id,
      size: i.size,
      quantity: i.quantity,
      customizations: i.customizations.map(({ type, position, text }) => ({ type, position, text })),
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const modify = useModifyOrder();
  const update = (key: number, patch: Partial<Draft>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const submit = async () => {
    setError(null);
    for (const l of lines) {
      const r = customizationsSchema.safeParse(l.customizations);
      if (!r.success) return setError(`${l.name}: ${r.error.issues[0]?.message ?? 'Customizations are not valid'}`);
    }
    try {
      const created = await modify.mutateAsync({
        id: order.id,
        items: lines.map(({ product_id, size, quantity, customizations }) => ({
          product_id,
          size,
          quantity,
          customizations,
        })),
      });
      toast.success(
        `Order ${created.order_number} submitted${created.status === 'awaiting_approval' ? ' for approval' : ''}`,
      );
      onDone(created);
    } catch (err) {
      setError(errorText(err, 'Failed to modify order'));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={`Modify order ${order.order_number}`}
      description="Change the items and resubmit. This creates a new order linked to the denied one."
    >
      <div className="space-y-4" data-testid="modify-order">
        {order.denial_reason ? (
          <p className="rounded-lg bg-red-500/10 p-3 text-sm text-red-200">Denied: {order.denial_reason}</p>
        ) : null}
        <ul className="space-y-3">
          {lines.map((l) => (
            <li key={l.key} className="rounded-lg border border-gray-800 p-3" data-testid="modify-line">
              <div className="flex items-center justify-between gap-3">
                <p className="font-medium text-gray-100">{l.name}</p>
                <button
                  type="button"
                  aria-label={`Remove ${l.name}`}
                  disabled={lines.length === 1}
                  onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                  className="rounded p-1.5 text-gray-400 hover:bg-gray-800 hover:text-red-300 disabled:opacity-30"
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </button>
              </div>
              <label className="mt-2 flex items-center gap-2 text-sm text-gray-300">
                Quantity
                <input
                  type="number"
                  min={QUANTITY_MIN}
                  max={QUANTITY_MAX}
                  value={l.quantity}
                  onChange={(e) =>
                    update(l.key, {
                      quantity: Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Number(e.target.value) || QUANTITY_MIN)),
                    })
                  }
                  className="w-20 rounded-md border border-gray-700 bg-ink-950 px-2 py-1 text-gray-100"
                />
              </label>
              <CustomizationEditor
                value={l.customizations}
                onChange={(customizations) => update(l.key, { customizations })}
              />
            </li>
          ))}
        </ul>
        <ErrorAlert message={error} />
        <div className="flex justify-end gap-2 border-t border-gray-800 pt-4">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-gray-700 px-4 py-2 text-sm text-gray-200 hover:bg-gray-800"
          >
            Back
          </button>
          <button
            type="button"
            onClick={submit}
            disabled={modify.isPending}
            className="rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-ink-950 hover:bg-brand-400 disabled:opacity-60"
          >
            {modify.isPending ? 'Submitting…' : 'Resubmit order'}
          </button>
        </div>
      </div>
    </Modal>
  );
}

function CustomizationEditor({ value, onChange }: { value: Customization[]; onChange: (v: Customization[]) => void }) {
  const get = (t: CustomizationType) => value.find((c) => c.type === t);
  const set = (t: CustomizationType, c: Customization | null) =>
    onChange([...value.filter((x) => x.type !== t), ...(c ? [c] : [])]);
  return (
    <div className="mt-2 space-y-2">
      {TYPES.map((t) => {
        const c = get(t);
        return (
          <div key={t} className="flex flex-wrap items-center gap-2 text-sm">
            <label className="flex min-w-40 items-center gap-2 text-gray-300">
              <input
                type="checkbox"
                className="accent-brand-500"
                checked={!!c}
                onChange={(e) =>
                  set(
                    t,
                    e.target.checked ? { type: t, position: 'left_side', text: t === 'add_name' ? '' : null } : null,
                  )
                }
              />
              {CUSTOMIZATION_LABELS[t]}
            </label>
            {c ? (
              <>
                <select
                  aria-label={`${CUSTOMIZATION_LABELS[t]} side`}
                  value={c.position}
                  onChange={(e) => set(t, { ...c, position: e.target.value as Position })}
                  className="rounded-md border border-gray-700 bg-ink-950 px-2 py-1 text-gray-100"
                >
                  {POSITIONS.map((p) => (
                    <option key={p} value={p}>
                      {POSITION_LABELS[p]}
                    </option>
                  ))}
                </select>
                {t === 'add_name' ? (
                  <input
                    aria-label="Name to embroider"
                    maxLength={20}
                    value={c.text ?? ''}
                    onChange={(e) => set(t, { ...c, text: e.target.value })}
                    placeholder="Name"
                    className="w-40 rounded-md border border-gray-700 bg-ink-950 px-2 py-1 text-gray-100"
                  />
                ) : null}
              </>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
