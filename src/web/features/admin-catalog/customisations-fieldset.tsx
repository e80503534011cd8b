import { Controller, type Control } from 'react-hook-form';
import {
  CUSTOMIZATION_LABELS,
  CUSTOMIZATION_TYPES,
  POSITIONS,
  POSITION_LABELS,
  positionPhrase,
} from '@shared/cart-basics';
import { Checkbox } from '@web/components/ui';
import { allowedKey, type GarmentValues } from './garment-values';

/** Which customisations the garment takes, and on which sides: one tick per kind and side. */
export function CustomisationsFieldset({ control }: { control: Control<GarmentValues> }) {
  return (
    <Controller
      control={control}
      name="allowed"
      render={({ field }) => (
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-gray-300">Customisations it takes</legend>
          {CUSTOMIZATION_TYPES.map((t) => (
            <div key={t} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <span className="w-40 text-gray-200">{CUSTOMIZATION_LABELS[t]}</span>
              {POSITIONS.map((s) => (
                <Checkbox
                  key={s}
                  label={POSITION_LABELS[s]}
                  aria-label={`${CUSTOMIZATION_LABELS[t]} on ${positionPhrase(s)}`}
                  checked={Boolean(field.value[allowedKey(t, s)])}
                  onChange={(e) => field.onChange({ ...field.value, [allowedKey(t, s)]: e.target.checked })}
                />
              ))}
            </div>
          ))}
        </fieldset>
      )}
    />
  );
}
