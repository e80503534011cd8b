import { toCents } from '../../shared/money';
import { REPORT_COLUMNS, type Report, type ReportRow } from '../../shared/reports';
import { csvRow as line, dollarsText } from '../../shared/csv';

/** A report as CSV (RFC 4180, UTF-8 with BOM, CRLF like the order export): the same columns as the screen, then the total. */
export function reportCsv(r: Report): string {
  const { label, columns } = REPORT_COLUMNS[r.kind];
  const cells = (row: ReportRow) => [
    row.label,
    ...columns.map((c) => {
      const v = row[c.field];
      return v === null ? null : c.money ? dollarsText(toCents(v)) : v;
    }),
  ];
  return [
    '\uFEFF',
    line([r.title, `${r.from} to ${r.to}`]),
    line([label, ...columns.map((c) => c.heading)]),
    ...r.rows.map((row) => line(cells(row))),
    line(cells(r.total)),
  ].join('');
}

export const reportFilename = (r: Report) => `report-${r.kind}-${r.from}-to-${r.to}.csv`;
