import { describe, expect, it } from 'vitest';
import type { ApprovalView } from '@shared/orders';
import { decidedTitle } from './decision-state';

const view = (state: ApprovalView['state'], status?: ApprovalView['decision']) =>
  ({
    state,
    approver_email: 'chief@dvfire.gov',
    expires_at: '2026-12-02T15:00:00.000Z',
    decision: status ?? null,
  }) as ApprovalView;
const decided = (status: 'pending' | 'shipped' | 'denied' | 'cancelled') => ({
  status,
  by: 'chief@dvfire.gov',
  at: '2026-11-25T15:00:00.000Z',
  reason: null,
});

describe('decidedTitle', () => {
  it('offers the action while the link is open', () => {
    expect(decidedTitle(view('open'), 'approve')).toBe('Approve order');
    expect(decidedTitle(view('open'), 'deny')).toBe('Deny order');
  });

  it('heads a used or decided link with what was decided, whichever link was opened', () => {
    expect(decidedTitle(view('used', decided('pending')), 'deny')).toBe('Order approved');
    expect(decidedTitle(view('decided', decided('shipped')), 'deny')).toBe('Order approved');
    expect(decidedTitle(view('decided', decided('denied')), 'approve')).toBe('Order denied');
    expect(decidedTitle(view('decided', decided('cancelled')), 'approve')).toBe('Order cancelled');
  });

  it('says an expired link has expired', () => {
    expect(decidedTitle(view('expired'), 'approve')).toBe('Approval link expired');
  });
});
