import type { SizeChart } from '@shared/fit';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Field, Input } from '@web/components/ui';

// The size chart as staff type it: measurement names in one line, then a grid of inches per size (the garment's
// sizes as the Sizes box lists them now). A size left blank is left out of the chart.
export type ChartDraft = { measures: string; cells: Record<string, string> };

const cellKey = (size: string, measure: string) => `${size}|${measure}`;
const measuresOf = (text: string) =>
  text
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);

export function draftOf(chart: SizeChart | null | undefined): ChartDraft {
  const cells: Record<string, string> = {};
  for (const r of chart?.rows ?? [])
    chart!.measures.forEach((m, i) => (cells[cellKey(r.size, m)] = String(r.inches[i] ?? '')));
  return { measures: chart?.measures.join(', ') ?? '', cells };
}

/** The draft as the API takes it: null without measurements; blank cells left out, so a half row is refused. */
export function chartOf(draft: ChartDraft, sizes: string[]): SizeChart | null {
  const measures = measuresOf(draft.measures);
  if (!measures.length) return null;
  const rows = sizes
    .map((size) => ({
      size,
      cells: measures.map((m) => draft.cells[cellKey(size, m)]?.trim() ?? '').filter(Boolean),
    }))
    .filter((r) => r.cells.length > 0)
    .map((r) => ({ size: r.size, inches: r.cells.map(Number) }));
  return { measures, rows };
}

export function SizeChartFields({
  draft,
  sizes,
  error,
  onChange,
}: {
  draft: ChartDraft;
  sizes: string[];
  error?: string;
  onChange: (d: ChartDraft) => void;
}) {
  const measures = measuresOf(draft.measures);
  return (
    <fieldset className="space-y-3" data-testid="size-chart-fields">
      <legend className="mb-1 text-sm font-medium text-gray-300">Size chart (inches)</legend>
      <Field
        id="g-measures"
        label="Measurements"
        hint="Comma-separated, e.g. Chest, Length, Sleeve or Waist, Inseam; empty for no chart"
      >
        <Input
          className="text-sm"
          value={draft.measures}
          onChange={(e) => onChange({ ...draft, measures: e.target.value })}
        />
      </Field>
      {measures.length && sizes.length ? (
        <div className="overflow-x-auto rounded-lg border border-gray-800" role="group" aria-label="Inches per size">
          <table className="text-sm">
            <thead>
              <tr className="text-left text-xs text-gray-300">
                <th scope="col" className="px-2 py-1">
                  Size
                </th>
                {measures.map((m) => (
                  <th key={m} scope="col" className="px-2 py-1">
                    {m}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sizes.map((size) => (
                <tr key={size}>
                  <th scope="row" className="px-2 py-1 text-left font-medium text-gray-200">
                    {size}
                  </th>
                  {measures.map((m) => (
                    <td key={m} className="px-2 py-1">
                      <Input
                        aria-label={`${size} ${m} in inches`}
                        inputMode="decimal"
                        className="w-20 text-sm"
                        value={draft.cells[cellKey(size, m)] ?? ''}
                        onChange={(e) =>
                          onChange({ ...draft, cells: { ...draft.cells, [cellKey(size, m)]: e.target.value } })
                        }
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ErrorAlert message={error} className="text-sm text-red-400" />
    </fieldset>
  );
}
