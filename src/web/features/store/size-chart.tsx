import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@shared/cart-catalog';
import type { SizeChart } from '@shared/fit';
import { Modal } from '@web/components/modal';
import { Button, Table } from '@web/components/ui';

const FRACTIONS: Record<number, string> = { 0.25: '¼', 0.5: '½', 0.75: '¾' };

/** 32.5 as a tape reads it: 32½. */
export const inchesText = (v: number) => {
  const whole = Math.floor(v);
  return `${whole}${FRACTIONS[v - whole] ?? ''}`;
};

type Row = SizeChart['rows'][number];

/** "Size chart": a button beside the size choice opening the garment's measurements per size, in inches. */
export function SizeChartButton({ product, selected }: { product: Product; selected: string }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  const chart = product.size_chart;
  if (!chart) return null;
  return (
    <>
      <Button variant="link" className="min-h-6 text-sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('dialog.sizeChart')}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t('dialog.sizeChartTitle', { name: product.base_name })}
        description={t('dialog.sizeChartDescription')}
        size="md"
      >
        <div data-testid="size-chart">
          <Table<Row>
            caption={t('dialog.sizeChartCaption', { name: product.base_name })}
            captionHidden
            rows={chart.rows}
            rowKey={(r) => r.size}
            columns={[
              {
                key: 'size',
                header: t('store.size'),
                cell: (r) => (
                  <span className="font-semibold text-white">
                    {r.size}
                    {r.size === selected ? (
                      <span className="ml-1 text-xs font-normal text-brand-300">{t('dialog.chosen')}</span>
                    ) : null}
                  </span>
                ),
              },
              ...chart.measures.map((m, i) => ({
                key: m,
                header: m,
                cell: (r: Row) => <span className="tabular-nums">{inchesText(r.inches[i] ?? 0)}</span>,
              })),
            ]}
          />
          <div className="mt-4 flex justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('dialog.close')}
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
