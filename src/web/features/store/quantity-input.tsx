import { useTranslation } from 'react-i18next';
import { QUANTITY_MAX, QUANTITY_MIN } from '@shared/constants';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Stepper } from '@web/components/ui';

export function QuantityInput({
  value,
  error,
  onChange,
}: {
  value: number;
  error?: string;
  onChange: (q: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="dialog-quantity" className="mb-2 block text-sm font-semibold text-gray-200">
        {t('dialog.quantity')}
      </label>
      <Stepper
        id="dialog-quantity"
        noun="quantity"
        min={QUANTITY_MIN}
        max={QUANTITY_MAX}
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
      />
      <ErrorAlert message={error} className="mt-1 text-xs text-red-400" />
    </div>
  );
}
