import type { Product } from '@shared/cart-catalog';
import { formatUsd } from '@shared/money';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { RadioButton, RadioGroup } from './radio-buttons';

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
      <RadioGroup label="Size" className="flex flex-wrap gap-2">
        {sizes.map((s) => (
          <RadioButton
            key={s.label}
            checked={value === s.label}
            onSelect={() => onChange(s.label)}
            className={`min-w-12 rounded-lg border px-2.5 py-1.5 text-sm transition ${value === s.label ? 'border-brand-500 bg-brand-500/15 text-white' : 'border-gray-700 text-gray-300 hover:border-gray-500'}`}
          >
            <span className="font-medium">{s.label}</span>
            {s.upcharge > 0 && <span className="ml-1 text-xs text-gray-400">+{formatUsd(s.upcharge)}</span>}
          </RadioButton>
        ))}
      </RadioGroup>
      <ErrorAlert message={error} className="mt-1 text-xs text-red-400" />
    </fieldset>
  );
}
