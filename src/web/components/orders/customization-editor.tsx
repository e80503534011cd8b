import {
  CUSTOMIZATION_LABELS,
  CUSTOMIZATION_TYPES,
  NAME_TEXT_MAX,
  POSITION_LABELS,
  isSpecKind,
  offeredPositions,
  type AllowedCustomizations,
  type Customization,
  type DecorationKey,
  type Position,
} from '@shared/cart';
import { KIND_TEXT_MAX } from '@shared/decorations';
import { useTranslation } from 'react-i18next';
import { Checkbox, Input, Select } from '@web/components/ui';
import { useFromEnglish } from '@web/i18n';
import { useDecorationKinds, type OfferedKind } from '@web/lib/use-decoration-kinds';

/**
 * The kinds an editor lists: SPEC's three, then the shop's added kinds (GET /decorations), then any kind the line
 * already carries that is no longer offered (an old order stays readable). Logos have their own field.
 */
export function editorKinds(
  kinds: readonly OfferedKind[],
  value: readonly Customization[],
): { key: DecorationKey; label: string; takesText: boolean }[] {
  const added = kinds.filter((k) => !isSpecKind(k.key));
  const known = new Set<string>([...CUSTOMIZATION_TYPES, ...added.map((k) => k.key)]);
  const kept = [...new Set(value.map((c) => c.type))].filter((t) => t !== 'logo' && !known.has(t));
  return [
    ...CUSTOMIZATION_TYPES.map((key) => ({ key, label: CUSTOMIZATION_LABELS[key], takesText: key === 'add_name' })),
    ...added.map((k) => ({ key: k.key, label: k.label, takesText: k.takes_text })),
    ...kept.map((key) => {
      const c = value.find((x) => x.type === key);
      return { key, label: key.replace(/_/g, ' '), takesText: Boolean(c?.text) };
    }),
  ];
}

/** A line's name and patches: each kind the product takes, on a side it offers, with its text when it takes one. */
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
  const { t: tr } = useTranslation();
  const words = useFromEnglish();
  const kinds = useDecorationKinds();
  const get = (t: DecorationKey) => value.find((c) => c.type === t);
  const set = (t: DecorationKey, c: Customization | null) =>
    onChange([...value.filter((x) => x.type !== t), ...(c ? [c] : [])]);
  return (
    <div className="mt-3 space-y-2">
      {editorKinds(kinds, value).map(({ key: t, label, takesText }) => {
        const c = get(t);
        // A kind the product does not take is not offered, unless the line already has it.
        if (offeredPositions(allowed, t, c?.position).length === 0) return null;
        return (
          <div key={t} className="flex flex-wrap items-center gap-2 text-sm">
            <Checkbox
              label={words(label)}
              className="min-w-44"
              checked={!!c}
              onChange={(e) =>
                set(
                  t,
                  e.target.checked
                    ? { type: t, position: offeredPositions(allowed, t)[0]!, text: takesText ? '' : null }
                    : null,
                )
              }
            />
            {c ? (
              <>
                <Select
                  dense
                  className="w-24"
                  aria-label={tr('editor.side', { label: words(label) })}
                  value={c.position}
                  onChange={(e) => set(t, { ...c, position: e.target.value as Position })}
                >
                  {offeredPositions(allowed, t, c.position).map((p) => (
                    <option key={p} value={p}>
                      {words(POSITION_LABELS[p])}
                    </option>
                  ))}
                </Select>
                {takesText ? (
                  <Input
                    dense
                    className="w-44"
                    aria-label={
                      t === 'add_name' ? tr('dialog.nameToEmbroider') : tr('dialog.kindText', { label: words(label) })
                    }
                    maxLength={t === 'add_name' ? NAME_TEXT_MAX : KIND_TEXT_MAX}
                    value={c.text ?? ''}
                    onChange={(e) => set(t, { ...c, text: e.target.value })}
                    placeholder={t === 'add_name' ? tr('editor.namePlaceholder') : tr('editor.textPlaceholder')}
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
