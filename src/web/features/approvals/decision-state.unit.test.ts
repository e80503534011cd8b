import { describe, expect, it } from 'vitest';
import type { ApprovalView } from '@shared/orders';
import { i18next } from '@web/i18n';
import es from '@web/i18n/locales/es.json';
import { decidedTitle } from './decision-state';

const t = i18next.getFixedT('en');
i18next.addResourceBundle('es', 'translation', es);
const tEs = i18next.getFixedT('es');

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
    expect(decidedTitle(view('open'), 'approve', t)).toBe('Approve order');
    expect(decidedTitle(view('open'), 'deny', t)).toBe('Deny order');
  });

  it('heads a used or decided link with what was decided, whichever link was opened', () => {
    expect(decidedTitle(view('used', decided('pending')), 'deny', t)).toBe('Order approved');
    expect(decidedTitle(view('decided', decided('shipped')), 'deny', t)).toBe('Order approved');
    expect(decidedTitle(view('decided', decided('denied')), 'approve', t)).toBe('Order denied');
    expect(decidedTitle(view('decided', decided('cancelled')), 'approve', t)).toBe('Order cancelled');
  });

  it('says an expired link has expired', () => {
    expect(decidedTitle(view('expired'), 'approve', t)).toBe('Approval link expired');
  });

  it('heads the page in Spanish when Spanish is on', () => {
    expect(decidedTitle(view('open'), 'approve', tEs)).toBe('Aprobar pedido');
    expect(decidedTitle(view('decided', decided('denied')), 'approve', tEs)).toBe('Pedido rechazado');
    expect(decidedTitle(view('expired'), 'deny', tEs)).toBe('Enlace de aprobación vencido');
  });
});
