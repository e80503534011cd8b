import { useMemo, useState } from 'react';
import { SearchBox } from '@web/components/search-box';
import { REQUIRED_FOR_UNIFORM } from '@shared/department-catalog-texts';
import { Checkbox } from '@web/components/ui';
import { groupGarments, useAdminProducts } from '@web/features/admin-catalog';
import { plural } from '@shared/plural';

// The department's catalogue (docs/product.md#department-catalogues): the whole catalogue, or chosen garments in
// chosen colours; any item may be marked as required for the department's uniform.
export type CatalogChoice = { productIds: number[] | null; required: number[] };

type Props = { value: CatalogChoice; onChange: (v: CatalogChoice) => void; error?: string };

const toggle = (list: number[], ids: number[], on: boolean) =>
  on ? [...new Set([...list, ...ids])] : list.filter((id) => !ids.includes(id));

export function GarmentPicker({ value, onChange, error }: Props) {
  const products = useAdminProducts();
  const [search, setSearch] = useState('');
  const garments = useMemo(() => groupGarments(products.data ?? []), [products.data]);
  const q = search.trim().toLowerCase();
  const shown = garments.filter(
    (g) => !q || g.name.toLowerCase().includes(q) || g.colours.some((c) => c.color.toLowerCase().includes(q)),
  );
  const limited = value.productIds !== null;
  const chosen = new Set(value.productIds ?? []);
  const setChosen = (ids: number[], on: boolean) => {
    const productIds = toggle(value.productIds ?? [], ids, on);
    // An item leaving the catalogue cannot stay required.
    onChange({ productIds, required: on ? value.required : value.required.filter((id) => productIds.includes(id)) });
  };

  return (
    <fieldset className="space-y-3 border-t border-gray-800 pt-4" aria-describedby="dept-catalog-error">
      <legend className="text-sm font-semibold text-white">Catalogue</legend>
      <Checkbox
        label="Limit to chosen garments "
        hint="Members see and can buy only the ticked colours. Off: the whole catalogue."
        checked={limited}
        onChange={(e) =>
          onChange({
            productIds: e.target.checked ? value.required : null,
            required: value.required,
          })
        }
      />
      <SearchBox label="Search garments" value={search} onChange={setSearch} placeholder="Search garments or colours" />
      {products.isPending ? <p className="text-sm text-gray-400">Loading the catalogue...</p> : null}
      {products.isError ? <p className="text-sm text-red-400">The catalogue could not be loaded.</p> : null}
      <ul className="max-h-80 space-y-3 overflow-y-auto pr-1" aria-label="Garments">
        {shown.map((g) => {
          const ids = g.colours.map((c) => c.id);
          const all = ids.every((id) => chosen.has(id));
          return (
            <li key={g.name} className="rounded-md border border-gray-800 p-3" data-testid="picker-garment">
              {limited ? (
                <Checkbox
                  label={<span className="font-semibold text-white">{g.name}</span>}
                  checked={all}
                  onChange={(e) => setChosen(ids, e.target.checked)}
                />
              ) : (
                <p className="text-sm font-semibold text-white">{g.name}</p>
              )}
              <ul className="mt-2 space-y-1.5 pl-6">
                {g.colours.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center gap-x-4 gap-y-1">
                    <span
                      className="h-3 w-3 shrink-0 rounded-full border border-gray-600"
                      style={{ backgroundColor: c.color_hex }}
                      aria-hidden
                    />
                    {limited ? (
                      <Checkbox
                        label={`${c.color}${c.active ? '' : ' (inactive)'}`}
                        aria-label={`${g.name} - ${c.color}`}
                        checked={chosen.has(c.id)}
                        onChange={(e) => setChosen([c.id], e.target.checked)}
                      />
                    ) : (
                      <span className="text-sm text-gray-200">
                        {c.color}
                        {c.active ? '' : ' (inactive)'}
                      </span>
                    )}
                    <Checkbox
                      className="text-xs text-gray-400"
                      label="Required"
                      aria-label={`${g.name} - ${c.color}: ${REQUIRED_FOR_UNIFORM.toLowerCase()}`}
                      checked={value.required.includes(c.id)}
                      disabled={limited && !chosen.has(c.id)}
                      onChange={(e) =>
                        onChange({ ...value, required: toggle(value.required, [c.id], e.target.checked) })
                      }
                    />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-gray-400">
        {limited ? `${plural(chosen.size, 'colour')} chosen. ` : ''}
        Required items are shown to members as &ldquo;{REQUIRED_FOR_UNIFORM}&rdquo;.
      </p>
      {error ? (
        <p id="dept-catalog-error" role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
