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
import { Checkbox, Input, Select } from '@web/components/ui';

/** A line's name and patches: each kind the product takes, on a side it offers, with the name to embroider. */
export function CustomizationEditor({
  value,
  allowed,
  onChange,
}: {
  value: Customization[];
  /** What the product takes and where; undefined while the catalogue loads or for a product it no longer has. */
  allowed: AllowedCustomizations | undefined;
  onChange: (v: Customization[]) => void;
}) {
  const get = (t: CustomizationType) => value.find((c) => c.type === t);
  const set = (t: CustomizationType, c: Customization | null) =>
    onChange([...value.filter((x) => x.type !== t), ...(c ? [c] : [])]);
  return (
    <div className="mt-3 space-y-2">
      {CUSTOMIZATION_TYPES.map((t) => {
        const c = get(t);
        // A kind the product does not take is not offered, unless the line already has it.
        if (offeredPositions(allowed, t, c?.position).length === 0) return null;
        const label = CUSTOMIZATION_LABELS[t];
        return (
          <div key={t} className="flex flex-wrap items-center gap-2 text-sm">
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
  );
}
