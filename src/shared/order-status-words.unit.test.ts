import { describe, expect, it } from 'vitest';
import { customerEventText, customerStatusText, nextStepText } from './order-status-words';
import { ORDER_STATUSES, STATUS_LABELS } from './orders';

describe('customerStatusText', () => {
  it('tells an approved order from one that needed no approval', () => {
    expect(customerStatusText({ status: 'pending', requires_approval: true })).toBe('Approved, waiting for production');
    expect(customerStatusText({ status: 'pending', requires_approval: false })).toBe(
      'Received, waiting for production',
    );
  });

  it('words every status for a customer', () => {
    const words = Object.fromEntries(
      ORDER_STATUSES.map((s) => [s, customerStatusText({ status: s, requires_approval: true })]),
    );
    expect(words).toEqual({
      awaiting_approval: 'Waiting for department approval',
      pending: 'Approved, waiting for production',
      in_production: 'Being made',
      ready_for_pickup: 'Ready for pickup',
      shipped: 'Shipped',
      completed: 'Completed',
      denied: 'Denied by the department',
      cancelled: 'Cancelled',
    });
  });

  it('says who denied it: the department for an order that went to one, else the shop', () => {
    expect(customerStatusText({ status: 'denied', requires_approval: false })).toBe('Denied by the shop');
  });

  it('leaves the staff labels short', () => {
    expect(STATUS_LABELS.pending).toBe('Pending');
    expect(STATUS_LABELS.awaiting_approval).toBe('Awaiting approval');
  });
});

describe('customerEventText', () => {
  it('uses the badge words for each change, and says when the order was placed', () => {
    const approval = { requires_approval: true };
    expect(customerEventText({ from_status: null, to_status: 'awaiting_approval' }, approval)).toBe(
      'Placed · Waiting for department approval',
    );
    expect(customerEventText({ from_status: 'awaiting_approval', to_status: 'pending' }, approval)).toBe(
      customerStatusText({ status: 'pending', requires_approval: true }),
    );
    expect(customerEventText({ from_status: null, to_status: 'pending' }, { requires_approval: false })).toBe(
      'Placed · Received, waiting for production',
    );
  });
});

describe('nextStepText', () => {
  it('names the department while approval is awaited, and the pickup step', () => {
    const text = nextStepText({ status: 'awaiting_approval', fulfillment: 'pickup', department_name: 'Mesa Fire' });
    expect(text).toContain('Mesa Fire has been asked to approve it');
    expect(text).toContain('ready to pick up');
  });

  it('promises the tracking number for a shipped order without approval', () => {
    const text = nextStepText({ status: 'pending', fulfillment: 'shipping', department_name: null });
    expect(text).not.toContain('approve');
    expect(text).toContain('tracking number');
  });
});
