// CSV for spreadsheets, shared by every export (orders, department reports, and the staff reports).

// A negative amount ("-5.00", a refund) is a number to a spreadsheet, never a formula: it stays a number.
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or CR before one) as a formula: a leading apostrophe
 * keeps it text. Then RFC 4180: quotes around a cell holding a comma, quote or line break, inner quotes doubled. A
 * semicolon is quoted too: Excel in a locale that separates with ";" would split "PO;=1+2" and run "=1+2"
 * (security round 4, finding 11); quoted, it stays one text cell.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line of cells, ended with CRLF as RFC 4180 says. */
export const csvRow = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Cents as "12.34", written from the integer so no float rounding can show. */
export const dollarsText = (cents: number) => {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
