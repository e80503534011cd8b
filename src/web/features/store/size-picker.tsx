import type { Product } from '@shared/cart-catalog';
import { formatUsd } from '@shared/money';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { RadioGroup } from '@web/components/ui';

export function SizePicker({
  sizes,
  value,
  error,
  onChange,
}: {
  sizes: Product['sizes'];
  value: string;
  error?: string;
  onChange: (size: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-gray-200">Size</legend>
      <RadioGroup
        label="Size"
        value={value}
        onChange={onChange}
        options={sizes.map((s) => ({
          value: s.label,
          label: (
            <>
              <span className="font-medium">{s.label}</span>
              {s.upcharge > 0 && <span className="ml-1 text-xs text-gray-400">+{formatUsd(s.upcharge)}</span>}
            </>
          ),
        }))}
      />
      <ErrorAlert message={error} className="mt-1 text-xs text-red-400" />
    </fieldset>
  );
}
