import { lazy, Suspense, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { logoPositions, POSITION_LABELS, type Position } from '@shared/cart';
import type { Product } from '@shared/cart-catalog';
import type { LogoChoice } from '@shared/logos';
import { formatUsd } from '@shared/money';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { Button, RadioGroup } from '@web/components/ui';
import { useFromEnglish } from '@web/i18n';
import type { CustomizeState } from './customize-form';

// The artwork screen's own upload form, loaded when the customer asks for it (the store's first paint does without).
const UploadForm = lazy(() => import('@web/features/artwork/upload-form').then((m) => ({ default: m.UploadForm })));

type Props = {
  product: Product;
  state: CustomizeState;
  logos: LogoChoice[];
  error?: string;
  onChange: (next: CustomizeState) => void;
};

/**
 * A logo from the customer's own artwork (docs/product.md#logos-on-garments): which one, where it goes, what a piece
 * costs with it and the one-time digitising fee. A new logo is uploaded with the artwork screen's own form.
 */
export function LogoFields({ product, state, logos, error, onChange }: Props) {
  const [uploading, setUploading] = useState(false);
  const { t } = useTranslation();
  const words = useFromEnglish();
  const positions = logoPositions(product.customizations);
  if (!positions.length) return null;
  const chosen = logos.find((l) => l.artwork_id === state.logo.artwork_id);
  const set = (logo: Partial<CustomizeState['logo']>) => onChange({ ...state, logo: { ...state.logo, ...logo } });
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-800 p-3" data-testid="logo-fields">
      <legend className="px-1 text-sm font-semibold text-white">{t('dialog.yourLogo')}</legend>
      {logos.length > 0 ? (
        <RadioGroup<string>
          label={t('dialog.logo')}
          value={String(state.logo.artwork_id ?? '')}
          onChange={(v) => set({ artwork_id: v ? Number(v) : null })}
          options={[
            { value: '', label: t('dialog.noLogo') },
            ...logos.map((l) => ({ value: String(l.artwork_id), label: l.name })),
          ]}
        />
      ) : (
        <p className="text-sm text-gray-300">{t('dialog.uploadLogoHint')}</p>
      )}
      {chosen && (
        <>
          <RadioGroup<Position>
            label={t('dialog.logoPosition')}
            look="segment"
            value={state.logo.position}
            onChange={(position) => set({ position })}
            options={positions.map((p) => ({ value: p, label: words(POSITION_LABELS[p]) }))}
          />
          <div className="flex items-start gap-3 text-sm text-gray-300" data-testid="logo-price">
            <img
              src={chosen.preview_url}
              alt=""
              width={56}
              height={56}
              className="h-14 w-14 flex-none rounded bg-white object-contain"
            />
            <div className="space-y-0.5">
              <p>
                <Trans
                  i18nKey="dialog.logoPrice"
                  values={{
                    price: formatUsd(chosen.price_per_piece),
                    stitches: chosen.stitches.toLocaleString('en-US'),
                  }}
                  components={{ white: <span className="text-white" /> }}
                />
                {chosen.estimated ? t('dialog.logoEstimate') : ''}
              </p>
              <p>
                {chosen.digitising_fee > 0 ? (
                  <Trans
                    i18nKey="dialog.logoFee"
                    values={{ fee: formatUsd(chosen.digitising_fee) }}
                    components={{ white: <span className="text-white" /> }}
                  />
                ) : (
                  t('dialog.logoDigitised')
                )}
              </p>
            </div>
          </div>
        </>
      )}
      <ErrorAlert message={error} />
      <Button type="button" variant="secondary" onClick={() => setUploading(true)}>
        {t('dialog.uploadLogo')}
      </Button>
      {uploading && (
        <Modal open onOpenChange={(open) => !open && setUploading(false)} title={t('dialog.uploadLogo')} size="md">
          {/* The upload form's submit must not also submit the garment's form it is drawn over. */}
          <div onSubmit={(e) => e.stopPropagation()}>
            <Suspense fallback={<p className="text-sm text-gray-300">{t('dialog.loading')}</p>}>
              <UploadForm
                onDone={(id) => {
                  setUploading(false);
                  set({ artwork_id: id });
                }}
              />
            </Suspense>
          </div>
        </Modal>
      )}
    </fieldset>
  );
}
