import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ShipmentResult } from '@shared/shipments';
import { confirmsAsked, shippableCount, unconfirmed } from './confirms';
import { ShipmentResults } from './shipment-results';

const OWES = 'CSU-2026-000012 owes $40.00. Record the payment first, or confirm to ship it unpaid.';
const REUSED =
  'Tracking number 1Z999AA10123459105 is already on order CSU-2026-000011. Check the label, or confirm to use it again.';

const row = (line: number, over: Partial<ShipmentResult> = {}): ShipmentResult => ({
  line,
  order_number: `CSU-2026-00001${line}`,
  order_id: line,
  customer_name: 'Ana Ruiz',
  carrier: 'UPS',
  tracking_number: `1Z999AA1012345910${line}`,
  problem: null,
  code: null,
  warnings: [],
  shipped: false,
  ...over,
});
// One check: row 1 ready, row 2 owes money and its label is on another order, row 3 names no order.
const checked = [
  row(1),
  row(2, {
    problem: `${OWES} ${REUSED}`,
    code: 'UNPAID_BALANCE',
    warnings: [
      { code: 'UNPAID_BALANCE', message: OWES },
      { code: 'TRACKING_IN_USE', message: REUSED },
    ],
  }),
  row(3, { problem: 'No order has this number', order_id: null }),
];
const none = { UNPAID_BALANCE: false, TRACKING_IN_USE: false };

describe('bulk ship: the warnings one check found', () => {
  it('asks for both confirmations at once, and names those not yet confirmed', () => {
    expect(confirmsAsked(checked)).toEqual(['UNPAID_BALANCE', 'TRACKING_IN_USE']);
    expect(unconfirmed(checked, none)).toEqual(['UNPAID_BALANCE', 'TRACKING_IN_USE']);
    expect(unconfirmed(checked, { ...none, UNPAID_BALANCE: true })).toEqual(['TRACKING_IN_USE']);
    expect(unconfirmed(checked, { ...none, TRACKING_IN_USE: true })).toEqual(['UNPAID_BALANCE']);
    expect(unconfirmed(checked, { UNPAID_BALANCE: true, TRACKING_IN_USE: true })).toEqual([]);
    expect(confirmsAsked([row(1), row(3, { problem: 'No order has this number' })])).toEqual([]);
  });

  it('counts a warned row as shipping only once all its warnings are confirmed; a plain problem never', () => {
    expect(shippableCount(checked, none)).toBe(1);
    expect(shippableCount(checked, { ...none, UNPAID_BALANCE: true })).toBe(1);
    expect(shippableCount(checked, { UNPAID_BALANCE: true, TRACKING_IN_USE: true })).toBe(2);
  });

  it('shows both warnings of a row, each on its own line, and the summary counts the confirmed row', () => {
    const answer = { success: true as const, applied: false, rows: checked, ready: 1, shipped: 0 };
    const html = renderToStaticMarkup(<ShipmentResults answer={answer} ready={2} />);
    expect(html).toContain(`<li data-code="UNPAID_BALANCE">${OWES}</li>`);
    expect(html).toContain(`<li data-code="TRACKING_IN_USE">${REUSED}</li>`);
    expect(html).toContain('2 of 3 rows ready to ship; 1 with a problem (not shipped if you go on)');
    expect(renderToStaticMarkup(<ShipmentResults answer={answer} />)).toContain('1 of 3 rows ready to ship; 2 with');
  });
});
