import { describe, expect, it } from 'vitest';
import { csvRecords, readShipmentCsv } from './shipments';
import { normaliseTracking, trackingFormatProblem } from './tracking';

describe('tracking numbers', () => {
  it('lose spaces and dashes and are kept in capitals', () => {
    expect(normaliseTracking(' 1z 999 aa1-0123\t4567 84 ')).toBe('1Z999AA10123456784');
  });

  it('are checked for UPS, USPS and FedEx only, in any case of the carrier', () => {
    expect(trackingFormatProblem('UPS', '1Z999AA10123456784')).toBeNull();
    expect(trackingFormatProblem('ups', '1Z999')).toBe('A UPS tracking number is 1Z followed by 16 letters and digits');
    expect(trackingFormatProblem('USPS', '9400100000000000000000')).toBeNull();
    expect(trackingFormatProblem('USPS', 'EA123456789US')).toBeNull();
    expect(trackingFormatProblem('USPS', '12345')).toMatch(/^A USPS tracking number/);
    expect(trackingFormatProblem('FedEx', '123456789012')).toBeNull();
    expect(trackingFormatProblem('fedex', '1234567890')).toBe('A FedEx tracking number is 12, 15, 20 or 22 digits');
    expect(trackingFormatProblem('Valley Courier', 'anything')).toBeNull();
    expect(trackingFormatProblem(null, '1Z')).toBeNull();
  });
});

describe('a tracking CSV', () => {
  it('reads quotes, doubled quotes, CRLF, a BOM and blank lines', () => {
    expect(csvRecords('\uFEFFa,"b, c","d ""e"""\r\n\r\nf,g,h\n')).toEqual([
      ['a', 'b, c', 'd "e"'],
      ['f', 'g', 'h'],
    ]);
    expect(csvRecords('a;b;c')).toEqual([['a', 'b', 'c']]);
  });

  it('skips a header row and numbers the order rows from 1, each with its own problem', () => {
    const rows = readShipmentCsv(
      'Order number,Carrier,Tracking\ncsu-2026-000001 ,UPS,1Z 999 AA1 0123 4567 84\nCSU-2026-000002,UPS\n,USPS,1',
    );
    expect(rows).toEqual([
      {
        line: 1,
        order_number: 'CSU-2026-000001',
        carrier: 'UPS',
        tracking_number: '1Z999AA10123456784',
        problem: null,
      },
      {
        line: 2,
        order_number: 'CSU-2026-000002',
        carrier: null,
        tracking_number: null,
        problem: 'A row needs three columns: order number, carrier, tracking number',
      },
      { line: 3, order_number: '', carrier: 'USPS', tracking_number: null, problem: 'Enter the order number' },
    ]);
  });
});
