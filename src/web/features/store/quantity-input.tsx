import { Minus, Plus } from 'lucide-react';
import { QUANTITY_MAX, QUANTITY_MIN } from '@shared/constants';
import { ErrorAlert } from '@web/components/forms/error-alert';

export function QuantityInput({
  value,
  error,
  onChange,
}: {
  value: number;
  error?: string;
  onChange: (q: number) => void;
}) {
  return (
    <div>
      <label htmlFor="dialog-quantity" className="mb-2 block text-sm font-semibold text-gray-200">
        Quantity
      </label>
      <div className="inline-flex items-center rounded-lg border border-gray-700">
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={value <= QUANTITY_MIN}
          onClick={() => onChange(value - 1)}
          className="p-2 text-gray-300 disabled:opacity-30"
        >
          <Minus className="h-4 w-4" aria-hidden />
        </button>
        <input
          id="dialog-quantity"
          type="number"
          inputMode="numeric"
          min={QUANTITY_MIN}
          max={QUANTITY_MAX}
          value={Number.isFinite(value) ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? NaN : Math.trunc(Number(e.target.value)))}
          className="w-12 [appearance:textfield] bg-transparent text-center text-sm text-white focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={value >= QUANTITY_MAX}
          onClick={() => onChange((Number.isFinite(value) ? value : 0) + 1)}
          className="p-2 text-gray-300 disabled:opacity-30"
        >
          <Plus className="h-4 w-4" aria-hidden />
        </button>
      </div>
      <ErrorAlert message={error} className="mt-1 text-xs text-red-400" />
    </div>
  );
}
