import { Trans, useTranslation } from 'react-i18next';
import type { Product } from '@shared/cart-catalog';
import { formatUsd } from '@shared/money';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { RadioGroup } from '@web/components/ui';
import { SizeChartButton } from './size-chart';

/**
 * The size choice. Nothing is chosen for the customer unless it is their own earlier choice of this garment
 * (`mine`, marked "your size"): a guessed M sends the wrong shirt to the embroidery machine.
 */
export function SizePicker({
  product,
  value,
  mine,
  error,
  onChange,
}: {
  product: Product;
  value: string;
  mine?: string;
  error?: string;
  onChange: (size: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={error ? 'size-error' : undefined}>
      <legend className="mb-2 text-sm font-semibold text-gray-200">{t('store.size')}</legend>
      {mine ? (
        <p className="mb-2 text-xs text-gray-300" data-testid="my-size-note">
          <Trans
            i18nKey="dialog.yourSizeNote"
            values={{ size: mine }}
            components={{ strong: <strong className="text-white" /> }}
          />
        </p>
      ) : null}
      <RadioGroup
        label={t('store.size')}
        value={value}
        onChange={onChange}
        options={product.sizes.map((s) => ({
          value: s.label,
          label: (
            <>
              <span className="font-medium">{s.label}</span>
              {s.upcharge > 0 && <span className="ml-1 text-xs text-gray-400">+{formatUsd(s.upcharge)}</span>}
              {s.label === mine && <span className="ml-1 text-xs text-gray-300">{t('dialog.yourSize')}</span>}
            </>
          ),
        }))}
      />
      <ErrorAlert id="size-error" message={error} className="mt-1 text-xs text-red-400" />
      <div className="mt-1">
        <SizeChartButton product={product} selected={value} />
      </div>
    </fieldset>
  );
}
