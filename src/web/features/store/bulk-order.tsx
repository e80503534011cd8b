import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Product } from '@shared/cart-catalog';
import { ROSTER_TEMPLATE, type RosterRow } from '@shared/cart-runs';
import { formatUsd } from '@shared/money';
import { Input, Table, Textarea, type Column } from '@web/components/ui';

/** "12 or more: $30.40 each": the garment's quantity prices, counted over all its colours and sizes. */
export function QuantityBreakList({ product }: { product: Product }) {
  const { t } = useTranslation();
  if (product.quantity_breaks.length === 0) return null;
  return (
    <div className="rounded-lg border border-gray-800 p-3 text-sm" data-testid="quantity-breaks">
      <p className="font-semibold text-gray-200">{t('dialog.quantityPricing')}</p>
      <ul className="mt-1 space-y-0.5 text-gray-300">
        {product.quantity_breaks.map((b) => (
          <li key={b.min_quantity}>
            {b.min_quantity}+:{' '}
            <span className="font-medium text-white">
              {t('dialog.breakEach', { price: formatUsd(b.unit_price ?? 0) })}
            </span>
            {b.percent_off !== null && t('dialog.breakOff', { percent: b.percent_off })}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-gray-400">{t('dialog.breaksCounted', { name: product.base_name })}</p>
    </div>
  );
}

/** One quantity box per size: a size run of one garment and colour with the same decorations. */
export function SizeRunFields({
  product,
  value,
  errors,
  onChange,
}: {
  product: Product;
  value: Record<string, string>;
  errors: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
}) {
  const id = useId();
  const { t } = useTranslation();
  const total = Object.values(value).reduce((n, v) => n + (Number(v) > 0 ? Math.floor(Number(v)) : 0), 0);
  return (
    <fieldset className="space-y-2" data-testid="size-run">
      <legend className="mb-2 text-sm font-semibold text-gray-200">{t('dialog.quantityPerSize')}</legend>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-4">
        {product.sizes.map((s) => {
          const error = errors[s.label];
          return (
            <div key={s.label}>
              <label htmlFor={`${id}-${s.label}`} className="block text-xs font-medium text-gray-300">
                {s.label}
                {s.upcharge > 0 && <span className="text-gray-400"> +{formatUsd(s.upcharge)}</span>}
              </label>
              <Input
                id={`${id}-${s.label}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={99}
                dense
                value={value[s.label] ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${s.label}-error` : undefined}
                onChange={(e) => onChange({ ...value, [s.label]: e.target.value })}
              />
              {error && (
                <p id={`${id}-${s.label}-error`} className="mt-1 text-xs text-red-400">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <p className="text-sm text-gray-300" aria-live="polite">
        {t('dialog.piecesInRun', { count: total })}
      </p>
    </fieldset>
  );
}

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(ROSTER_TEMPLATE)}`;

const rosterColumns = (t: TFunction): Column<RosterRow>[] => [
  { key: 'line', header: t('dialog.rosterRow'), cell: (r) => r.line },
  { key: 'name', header: t('dialog.rosterName'), cell: (r) => r.name || '—' },
  { key: 'size', header: t('store.size'), cell: (r) => r.size || '—' },
  { key: 'quantity', header: t('dialog.rosterQuantity'), cell: (r) => r.quantity ?? '—' },
  {
    key: 'error',
    header: t('dialog.rosterCheck'),
    cell: (r) =>
      r.error ? (
        <span className="text-red-400">{r.error}</span>
      ) : (
        <span className="text-green-400">{t('dialog.rosterOk')}</span>
      ),
  },
];

/** A roster pasted or uploaded as CSV (name, size, quantity), with each row's check once previewed. */
export function RosterFields({
  csv,
  onCsv,
  rows,
  error,
}: {
  csv: string;
  onCsv: (text: string) => void;
  rows: RosterRow[] | null;
  error?: string;
}) {
  const id = useId();
  const { t } = useTranslation();
  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) onCsv(await file.text());
  };
  return (
    <fieldset className="space-y-2" data-testid="roster">
      <legend className="mb-2 text-sm font-semibold text-gray-200">{t('dialog.roster')}</legend>
      <p className="text-sm text-gray-300">
        {t('dialog.rosterHelp')}{' '}
        <a href={templateHref} download="roster-template.csv" className="text-brand-300 underline">
          {t('dialog.rosterTemplate')}
        </a>
      </p>
      <label htmlFor={`${id}-csv`} className="block text-sm font-medium text-gray-200">
        {t('dialog.rosterPaste')}
      </label>
      <Textarea
        id={`${id}-csv`}
        rows={6}
        value={csv}
        onChange={(e) => onCsv(e.target.value)}
        // eslint-disable-next-line local/customer-text -- the roster's CSV columns, which the reader takes in English
        placeholder={'name,size,quantity\nAnn Garcia,M,1'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-csv-error` : undefined}
        className="font-mono text-sm"
      />
      {error && (
        <p id={`${id}-csv-error`} className="text-sm text-red-400">
          {error}
        </p>
      )}
      <label htmlFor={`${id}-file`} className="block text-sm font-medium text-gray-200">
        {t('dialog.rosterUpload')}
      </label>
      <Input id={`${id}-file`} type="file" accept=".csv,text/csv,text/plain" onChange={upload} dense />
      {rows && (
        <Table
          caption={t('dialog.rosterPreview')}
          columns={rosterColumns(t)}
          rows={rows}
          rowKey={(r) => String(r.line)}
          rowTestId="roster-row"
          stackOnPhone
        />
      )}
    </fieldset>
  );
}
