import { Trash2 } from 'lucide-react';
import {
  CUSTOMIZATION_LABELS,
  CUSTOMIZATION_TYPES,
  NAME_TEXT_MAX,
  POSITION_LABELS,
  offeredPositions,
  type AllowedCustomizations,
  type Customization,
  type CustomizationType,
  type Position,
} from '@shared/cart';
import { QUANTITY_MAX, QUANTITY_MIN } from '@shared/constants';
import { Button, Checkbox, Field, Input, Select, Stepper } from '@web/components/ui';

export type DraftLine = {
  key: string;
  product_id: number;
  name: string;
  sizes: string[];
  size: string;
  quantity: number;
  customizations: Customization[];
  /** What the product takes and where (the catalogue); undefined while the catalogue loads. */
  allowed?: AllowedCustomizations;
};

/** One line of the staff edit: size, quantity, name and patches, or remove it. */
export function EditLine({
  line,
  canRemove,
  onChange,
  onRemove,
}: {
  line: DraftLine;
  canRemove: boolean;
  onChange: (patch: Partial<DraftLine>) => void;
  onRemove: () => void;
}) {
  const allowed = line.allowed;
  const get = (t: CustomizationType) => line.customizations.find((c) => c.type === t);
  const set = (t: CustomizationType, c: Customization | null) =>
    onChange({ customizations: [...line.customizations.filter((x) => x.type !== t), ...(c ? [c] : [])] });
  const sizes = line.sizes.includes(line.size) ? line.sizes : [line.size, ...line.sizes];
  return (
    <li className="rounded-lg border border-gray-800 p-3" data-testid="edit-line">
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-gray-100">{line.name}</p>
        <Button
          variant="icon"
          size="sm"
          aria-label={`Remove ${line.name} size ${line.size}`}
          disabled={!canRemove}
          onClick={onRemove}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-4">
        <Field label="Size">
          <Select dense className="w-24" value={line.size} onChange={(e) => onChange({ size: e.target.value })}>
            {sizes.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </Select>
        </Field>
        <Field label="Quantity">
          {(c) => (
            <Stepper
              {...c}
              noun="quantity"
              min={QUANTITY_MIN}
              max={QUANTITY_MAX}
              value={line.quantity}
              onChange={(quantity) => onChange({ quantity })}
            />
          )}
        </Field>
      </div>
      <div className="mt-3 space-y-2">
        {CUSTOMIZATION_TYPES.map((t) => {
          const c = get(t);
          // A kind the product does not take is not offered, unless the line already has it.
          if (offeredPositions(allowed, t, c?.position).length === 0) return null;
          const label = CUSTOMIZATION_LABELS[t];
          return (
            <div key={t} className="flex flex-wrap items-center gap-2">
              <Checkbox
                label={label}
                className="min-w-44"
                checked={!!c}
                onChange={(e) =>
                  set(
                    t,
                    e.target.checked
                      ? { type: t, position: offeredPositions(allowed, t)[0]!, text: t === 'add_name' ? '' : null }
                      : null,
                  )
                }
              />
              {c ? (
                <>
                  <Select
                    dense
                    className="w-24"
                    aria-label={`${label} side`}
                    value={c.position}
                    onChange={(e) => set(t, { ...c, position: e.target.value as Position })}
                  >
                    {offeredPositions(allowed, t, c.position).map((p) => (
                      <option key={p} value={p}>
                        {POSITION_LABELS[p]}
                      </option>
                    ))}
                  </Select>
                  {t === 'add_name' ? (
                    <Input
                      dense
                      className="w-44"
                      aria-label="Name to embroider"
                      maxLength={NAME_TEXT_MAX}
                      value={c.text ?? ''}
                      onChange={(e) => set(t, { ...c, text: e.target.value })}
                      placeholder="Name"
                    />
                  ) : null}
                </>
              ) : null}
            </div>
          );
        })}
      </div>
    </li>
  );
}
