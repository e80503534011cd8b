import { useState } from 'react';
import { productPatchSchema, type AdminProduct } from '@shared/catalog-admin';
import { Button, Checkbox, Field, Input } from '@web/components/ui';
import { DialogActions } from '@web/components/dialog-actions';

export type ColourBody = { color: string; color_hex: string; slug?: string; active: boolean };

type Props = { colour?: AdminProduct; saving: boolean; onSave: (body: ColourBody) => void; onCancel: () => void };

/** A colour of a garment: its name, swatch, slug (blank: made from the names) and whether the store shows it. */
export function ColourForm({ colour, saving, onSave, onCancel }: Props) {
  const [v, setV] = useState({
    color: colour?.color ?? '',
    color_hex: colour?.color_hex ?? '#1f2a44',
    slug: colour?.slug ?? '',
    active: colour?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: ColourBody = { ...v, slug: v.slug.trim() || undefined };
    const parsed = productPatchSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    onSave(body);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field id="c-name" label="Colour name" error={errors.color}>
          <Input className="text-sm" value={v.color} onChange={(e) => setV({ ...v, color: e.target.value })} />
        </Field>
        <Field id="c-hex" label="Swatch" error={errors.color_hex}>
          <Input
            type="color"
            className="h-10 p-1"
            value={v.color_hex}
            onChange={(e) => setV({ ...v, color_hex: e.target.value })}
          />
        </Field>
      </div>
      <Field id="c-slug" label="Slug" hint="Blank: made from the garment and colour names" error={errors.slug}>
        <Input className="text-sm" value={v.slug} onChange={(e) => setV({ ...v, slug: e.target.value })} />
      </Field>
      <Checkbox
        label="Sold in the store "
        hint="Off: hidden from the store; carts holding it cannot check out; orders keep it."
        checked={v.active}
        onChange={(e) => setV({ ...v, active: e.target.checked })}
      />
      <DialogActions onCancel={onCancel} className="pt-2">
        <Button type="submit" loading={saving}>
          {saving ? 'Saving...' : colour ? 'Save colour' : 'Add colour'}
        </Button>
      </DialogActions>
    </form>
  );
}
