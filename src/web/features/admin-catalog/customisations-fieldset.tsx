import { Controller, type Control } from 'react-hook-form';
import { POSITIONS, positionPhrase, type Position } from '@shared/cart-basics';
import { LoadState } from '@web/components/load-state';
import { Checkbox } from '@web/components/ui';
import { useDecorationKinds } from './api/decoration-calls';
import { allowedKey, type GarmentValues } from './garment-values';

/** "the left side", "the front": a position as a sentence names it (a position row SPEC does not know: its label). */
const phrase = (key: string, label: string) =>
  (POSITIONS as readonly string[]).includes(key) ? positionPhrase(key as Position) : `the ${label.toLowerCase()}`;

/**
 * Which decoration kinds the garment takes, and where: one tick per kind and position the kind may take, from the
 * shop's kinds (SPEC's three and any an admin added). A switched-off kind is not offered; its ticks stay as they were.
 */
export function CustomisationsFieldset({ control }: { control: Control<GarmentValues> }) {
  const { data, isPending, isError } = useDecorationKinds();
  const kinds = data?.kinds.filter((k) => k.active) ?? [];
  const positions = data?.positions ?? [];
  return (
    <Controller
      control={control}
      name="allowed"
      render={({ field }) => (
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-gray-300">Customisations it takes</legend>
          <LoadState
            pending={isPending}
            failed={isError}
            pendingText="Loading the decoration kinds..."
            failedText="Failed to load the decoration kinds"
          />
          {kinds.map((k) => (
            <div key={k.key} data-testid="kind-ticks" className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <span className="w-40 text-gray-200">{k.label}</span>
              {positions
                .filter((p) => k.positions.includes(p.key))
                .map((p) => (
                  <Checkbox
                    key={p.key}
                    label={p.label}
                    aria-label={`${k.label} on ${phrase(p.key, p.label)}`}
                    checked={Boolean(field.value[allowedKey(k.key, p.key)])}
                    onChange={(e) => field.onChange({ ...field.value, [allowedKey(k.key, p.key)]: e.target.checked })}
                  />
                ))}
            </div>
          ))}
        </fieldset>
      )}
    />
  );
}
