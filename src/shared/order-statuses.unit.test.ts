import { describe, expect, it } from 'vitest';
import {
  CALLED_OFF_STATUSES,
  CANCELLABLE,
  CUSTOMER_MAILED_STATUSES,
  DELIVERED_STATUSES,
  DUE_OPEN_STATUSES,
  NOT_BILLED_STATUSES,
  ORDER_STATUS_RULES,
  PRODUCTION_CHOICES,
  PRODUCTION_DEFAULT_STATUSES,
  SALE_STATUSES,
  STAFF_EDITABLE,
  statusesWhere,
} from './order-statuses';
import { ORDER_STATUSES } from './orders';

describe('the status table', () => {
  it('has one row per status, in the enum order', () => {
    expect(Object.keys(ORDER_STATUS_RULES)).toEqual([...ORDER_STATUSES]);
  });

  // The lists the code held by hand before the table: each derived list is the same statuses.
  it('derives each list the code used to write out', () => {
    expect(SALE_STATUSES).toEqual(['pending', 'in_production', 'ready_for_pickup', 'shipped', 'completed']);
    expect(statusesWhere('sale', false)).toEqual(['awaiting_approval', 'denied', 'cancelled']);
    expect(CALLED_OFF_STATUSES).toEqual(['denied', 'cancelled']);
    expect(NOT_BILLED_STATUSES).toEqual(['awaiting_approval']);
    expect(STAFF_EDITABLE).toEqual(['awaiting_approval', 'pending', 'in_production']);
    expect(DUE_OPEN_STATUSES).toEqual(['awaiting_approval', 'pending', 'in_production']);
    expect(CANCELLABLE).toEqual(['awaiting_approval', 'pending']);
    expect(DELIVERED_STATUSES).toEqual(['shipped', 'completed']);
    expect(PRODUCTION_DEFAULT_STATUSES).toEqual(['pending', 'in_production']);
    expect(PRODUCTION_CHOICES).toEqual(['awaiting_approval', 'pending', 'in_production', 'ready_for_pickup']);
    expect([...CUSTOMER_MAILED_STATUSES].sort()).toEqual(
      ['pending', 'denied', 'ready_for_pickup', 'shipped', 'cancelled'].sort(),
    );
  });

  it('never counts a called-off order as a sale', () => {
    for (const s of CALLED_OFF_STATUSES) expect(SALE_STATUSES).not.toContain(s);
  });
});
