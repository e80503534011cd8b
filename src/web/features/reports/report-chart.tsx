import { formatUsd } from '@shared/money';
import type { Report } from '@shared/reports';
import { Card } from '@web/components/ui';
import { plural } from '@shared/plural';

/**
 * The report's main figure per row as bars: plain SVG, named and described for screen readers, which read the same
 * numbers in the table below. The bars stretch to the width; the words are HTML so they never stretch with them.
 */
export function ReportChart({ report, heading }: { report: Report; heading: string }) {
  const rows = report.rows;
  const max = Math.max(0, ...rows.map((r) => r.amount));
  const top = rows.reduce((best, r) => (best && best.amount >= r.amount ? best : r), rows[0]);
  // At least twelve slots wide, so one or two rows read as bars rather than a wall.
  const width = Math.max(rows.length, 12) * 10;
  const description = top
    ? `${plural(rows.length, 'bar')}. Highest: ${top.label}, ${formatUsd(top.amount)}. Total ${formatUsd(report.total.amount)}.`
    : 'No rows.';
  return (
    <Card as="figure" padding="sm" data-testid="report-chart">
      <figcaption className="mb-2 flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold text-white">{heading}</span>
        <span className="text-gray-400 tabular-nums">Highest {formatUsd(max)}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={`${heading}: ${description}`}
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        className="block h-40 w-full"
      >
        <line
          x1="0"
          y1="100"
          x2={width}
          y2="100"
          className="stroke-gray-600"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
        {rows.map((r, i) => {
          const h = max > 0 ? (Math.max(0, r.amount) / max) * 96 : 0;
          return (
            <rect key={r.key} x={i * 10 + 1.5} y={100 - h} width="7" height={h} className="fill-brand-400">
              <title>{`${r.label}: ${formatUsd(r.amount)}`}</title>
            </rect>
          );
        })}
      </svg>
      {rows.length > 1 ? (
        <div className="mt-1 flex justify-between text-xs text-gray-400" aria-hidden>
          <span>{rows[0]?.label}</span>
          <span>{rows[rows.length - 1]?.label}</span>
        </div>
      ) : null}
    </Card>
  );
}
