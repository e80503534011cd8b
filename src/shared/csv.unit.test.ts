import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csvCell', () => {
  it('quotes a cell holding a comma, a quote or a line break, inner quotes doubled', () => {
    expect(csvCell('Smith, Jr')).toBe('"Smith, Jr"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
  });

  it('quotes a cell holding a semicolon, so a ;-separated spreadsheet keeps it one text cell (security round 4, finding 11)', () => {
    // Unquoted, Excel set to ";" splits "PO;=1+2" into "PO" and the formula "=1+2".
    expect(csvCell('PO;=1+2')).toBe('"PO;=1+2"');
    expect(csvCell(';@SUM(A1)')).toBe('";@SUM(A1)"');
    expect(csvRow(['PO;=1+2', 'x'])).toBe('"PO;=1+2",x\r\n');
  });

  it('keeps a leading formula character text, with or without a semicolon in the cell', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('=1+2;PO')).toBe(`"'=1+2;PO"`);
    expect(csvCell('-3;+4')).toBe(`"'-3;+4"`);
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
  });

  it('leaves a negative amount a number (a refund of -5.00 is no formula)', () => {
    expect(csvCell('-5.00')).toBe('-5.00');
    expect(csvCell('-12')).toBe('-12');
    expect(csvCell('-5.00+1')).toBe("'-5.00+1");
    expect(csvCell('-1e3')).toBe("'-1e3");
  });
});
