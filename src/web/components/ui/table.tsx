import type { ReactNode } from 'react';
import { Checkbox } from './checkbox';
import { cx } from './cx';

export type Column<Row> = {
  key: string;
  header: ReactNode;
  /** The header as plain words, for the stacked rows on phones and the selection box labels. */
  label?: string;
  cell: (row: Row) => ReactNode;
  className?: string;
};

export type RowSelection = {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** How a row's box is read out, e.g. "Select order CSU-1042". */
  rowLabel: (key: string) => string;
};

type TableProps<Row> = {
  caption: ReactNode;
  captionHidden?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  selection?: RowSelection;
  /** Under 640 px each row becomes a card of label/value lines; otherwise the table scrolls sideways. */
  stackOnPhone?: boolean;
  empty?: ReactNode;
  onRowClick?: (row: Row) => void;
  /** data-testid of every body row. */
  rowTestId?: string;
  className?: string;
};

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-gray-300 uppercase';
const td = 'px-3 py-2 align-top text-sm text-gray-200';
// Stacked rows: the row is a card, each cell a line led by its column's name (data-label).
const stackTable = 'max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:sr-only';
const stackRow = 'max-sm:block max-sm:border max-sm:rounded-lg max-sm:mb-3 max-sm:p-2';
const stackCell =
  'max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-gray-400 max-sm:before:content-[attr(data-label)]';

/**
 * A data table with a caption. It scrolls sideways inside a focusable region whose edge shadows show there is
 * more, or, with stackOnPhone, turns each row into a card on phones. With `selection`, each row gets a box and the
 * header a select-all box (mixed while some are chosen).
 */
export function Table<Row>({
  caption,
  captionHidden,
  columns,
  rows,
  rowKey,
  selection,
  stackOnPhone,
  empty,
  onRowClick,
  rowTestId,
  className,
}: TableProps<Row>) {
  const keys = rows.map(rowKey);
  const chosen = selection ? keys.filter((k) => selection.selected.has(k)).length : 0;
  const all = chosen > 0 && chosen === keys.length;
  const toggle = (key: string) => {
    const next = new Set(selection!.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection!.onChange(next);
  };
  return (
    <div
      role="region"
      aria-label={typeof caption === 'string' ? caption : undefined}
      tabIndex={0}
      // relative: a hidden caption (sr-only, absolutely placed) stays inside the scrolling box; without it, a table
      // wider than the screen put the caption past the page's right edge and the whole page scrolled sideways.
      className={cx(
        'scroll-cue relative overflow-x-auto rounded-xl border border-gray-800 focus-visible:outline-2 focus-visible:outline-brand-400',
        stackOnPhone && 'max-sm:overflow-visible max-sm:border-0',
        className,
      )}
    >
      <table className={cx('w-full border-collapse', stackOnPhone && stackTable)}>
        <caption className={captionHidden ? 'sr-only' : 'px-3 py-2 text-left text-sm text-gray-300'}>{caption}</caption>
        <thead className="border-b border-gray-800 bg-ink-900">
          <tr>
            {selection ? (
              <th scope="col" className={cx(th, 'w-10')}>
                <Checkbox
                  aria-label="Select all"
                  checked={all}
                  ref={(el) => {
                    if (el) el.indeterminate = chosen > 0 && !all;
                  }}
                  onChange={() => selection.onChange(all ? new Set() : new Set(keys))}
                />
              </th>
            ) : null}
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cx(th, c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-800">
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length + (selection ? 1 : 0)} className={cx(td, 'py-6 text-center text-gray-400')}>
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map((row, i) => {
            const key = keys[i]!;
            return (
              <tr
                key={key}
                data-testid={rowTestId}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                className={cx(
                  onRowClick && 'cursor-pointer hover:bg-gray-800/50',
                  stackOnPhone && stackRow,
                  stackOnPhone && 'max-sm:border-gray-800',
                )}
              >
                {selection ? (
                  <td className={td} onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      aria-label={selection.rowLabel(key)}
                      checked={selection.selected.has(key)}
                      onChange={() => toggle(key)}
                    />
                  </td>
                ) : null}
                {columns.map((c) => (
                  <td key={c.key} data-label={c.label ?? ''} className={cx(td, stackOnPhone && stackCell, c.className)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
