import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../shared/orders';
import {
  accountOf,
  costSplit,
  creditableCents,
  refundableCents,
  splitRefund,
  sumLedger,
  type LedgerSums,
} from './account';

// The account rule (docs/product.md#the-account-of-an-order) as properties of accountOf, on random orders and ledgers, and on random sequences of
// the moves the shop makes (pay, refund, credit, re-price, cancel, deny, approve) applied as the server applies them
// (ledger.ts: a refund is split by splitRefund; caps are refundableCents and creditableCents).

const STATUSES: OrderStatus[] = [
  'awaiting_approval',
  'pending',
  'in_production',
  'ready_for_pickup',
  'shipped',
  'completed',
  'cancelled',
  'denied',
];
const cents = fc.integer({ min: 0, max: 50_000 });

function invariants(order: { status: OrderStatus; totalCents: number }, sums: LedgerSums) {
  const a = accountOf(order, sums);
  expect(a.netPaidCents).toBe(sums.paidCents - sums.refundedCents);
  expect(a.balanceCents).toBe(Math.max(0, a.owedCents - a.netPaidCents));
  expect(a.refundDue).toBe(a.netPaidCents > a.owedCents);
  expect(a.refundDueCents).toBe(a.refundDue ? a.netPaidCents - a.owedCents : 0);
  if (order.status === 'cancelled' || order.status === 'denied') expect(a.owedCents).toBe(0);
  else expect(a.owedCents).toBe(Math.max(0, order.totalCents - sums.creditedCents));
  // Each status means what docs/product.md says.
  const byStatus: Record<string, boolean> = {
    unpaid: a.balanceCents > 0 && a.netPaidCents <= 0,
    partially_paid: a.balanceCents > 0 && a.netPaidCents > 0,
    paid: a.balanceCents === 0 && a.netPaidCents > 0 && !a.refundDue && sums.refundedCents === 0,
    partially_refunded: a.balanceCents === 0 && a.netPaidCents > 0 && !a.refundDue && sums.refundedCents > 0,
    nothing_due: a.owedCents === 0 && a.netPaidCents === 0 && sums.refundedCents === 0,
    refunded: a.owedCents === 0 && a.netPaidCents === 0 && sums.refundedCents > 0,
    refund_due: a.refundDue,
  };
  // The message is built only on a failure: 40 000 states are checked, and building it each time cost most of the run.
  if (!byStatus[a.status]) expect.fail(`${a.status} ${JSON.stringify({ order, sums })}`);
  return a;
}

describe('accountOf', () => {
  it('keeps the account rule on any order and ledger', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES),
        cents,
        fc.array(fc.record({ kind: fc.constantFrom('payment', 'refund', 'credit'), amountCents: cents }), {
          maxLength: 8,
        }),
        (status, totalCents, rows) => {
          const sums = sumLedger(rows);
          // A ledger the server can write never gives back more than it took.
          fc.pre(sums.refundedCents <= sums.paidCents);
          invariants({ status, totalCents }, sums);
        },
      ),
      { numRuns: 5000 },
    );
  }, 30_000);

  type Step =
    | { op: 'pay'; cents: number }
    | { op: 'refund'; cents: number }
    | { op: 'credit'; cents: number }
    | { op: 'reprice'; totalCents: number }
    | { op: 'cancel' }
    | { op: 'deny' }
    | { op: 'approve' };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ op: fc.constant('pay' as const), cents: fc.integer({ min: 1, max: 30_000 }) }),
    fc.record({ op: fc.constant('refund' as const), cents: fc.integer({ min: 1, max: 30_000 }) }),
    fc.record({ op: fc.constant('credit' as const), cents: fc.integer({ min: 1, max: 30_000 }) }),
    fc.record({ op: fc.constant('reprice' as const), totalCents: fc.integer({ min: 100, max: 30_000 }) }),
    fc.constant({ op: 'cancel' as const }),
    fc.constant({ op: 'deny' as const }),
    fc.constant({ op: 'approve' as const }),
  );

  it('keeps it after every move of a random sequence; a refund never raises the balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000 }),
        fc.boolean(),
        fc.array(step, { maxLength: 8 }),
        (total, wait, steps) => {
          const order = { status: (wait ? 'awaiting_approval' : 'pending') as OrderStatus, totalCents: total };
          const sums: LedgerSums = { paidCents: 0, refundedCents: 0, creditedCents: 0 };
          const closed = () => order.status === 'cancelled' || order.status === 'denied';
          invariants(order, sums);
          for (const s of steps) {
            const before = accountOf(order, sums);
            if (s.op === 'pay' && !closed() && before.balanceCents > 0) sums.paidCents += s.cents;
            if (s.op === 'refund' && s.cents <= refundableCents(before)) {
              const split = splitRefund(before, s.cents);
              sums.refundedCents += s.cents;
              sums.creditedCents += split.lowersOwedCents;
              expect(accountOf(order, sums).balanceCents).toBeLessThanOrEqual(before.balanceCents);
            }
            if (s.op === 'credit' && !closed() && s.cents <= creditableCents(before)) sums.creditedCents += s.cents;
            if (s.op === 'reprice' && (order.status === 'pending' || order.status === 'awaiting_approval')) {
              order.totalCents = s.totalCents;
            }
            if (s.op === 'cancel' && (order.status === 'pending' || order.status === 'awaiting_approval')) {
              order.status = 'cancelled';
            }
            if (s.op === 'deny' && (order.status === 'pending' || order.status === 'awaiting_approval')) {
              order.status = 'denied';
            }
            if (s.op === 'approve' && order.status === 'awaiting_approval') order.status = 'pending';
            invariants(order, sums);
          }
        },
      ),
      { numRuns: 5000 },
    );
    // 5000 sequences of up to nine checked states take about 4.5 s alone, near vitest's 5 s default, and more on a
    // loaded machine: the time limit is the run's, not the rule's.
  }, 30_000);

  it('reads the issue examples in the right words', () => {
    // Paid $177 by cheque, then a $25 goodwill refund: nothing owed, part refunded (not "partially paid, $25").
    const goodwill = accountOf(
      { status: 'completed', totalCents: 17_700 },
      { paidCents: 17_700, refundedCents: 2500, creditedCents: 2500 },
    );
    expect(goodwill).toMatchObject({ status: 'partially_refunded', balanceCents: 0, owedCents: 15_200 });
    // Cancelled and refunded $177: refunded, no balance.
    const cancelled = accountOf(
      { status: 'cancelled', totalCents: 17_700 },
      { paidCents: 17_700, refundedCents: 17_700, creditedCents: 0 },
    );
    expect(cancelled).toMatchObject({ status: 'refunded', balanceCents: 0 });
    // Cancelled unpaid, and an order the allowance covers: nothing due.
    expect(accountOf({ status: 'cancelled', totalCents: 1940 }, sumLedger([])).status).toBe('nothing_due');
    expect(accountOf({ status: 'pending', totalCents: 0 }, sumLedger([])).status).toBe('nothing_due');
  });

  it("splits a $192 order for the approver: the allowance, the department's account and the member's share", () => {
    const adjustments = [
      { kind: 'allowance', amountCents: -14_672 },
      { kind: 'tax', amountCents: 0 },
    ];
    expect(costSplit({ status: 'awaiting_approval', totalCents: 4528, paymentMethod: 'pickup', adjustments })).toEqual({
      order_total: 192,
      allowance: 146.72,
      department_account: 0,
      member_pays: 45.28,
    });
    expect(costSplit({ status: 'awaiting_approval', totalCents: 4528, paymentMethod: 'account', adjustments })).toEqual(
      {
        order_total: 192,
        allowance: 146.72,
        department_account: 45.28,
        member_pays: 0,
      },
    );
  });
});
