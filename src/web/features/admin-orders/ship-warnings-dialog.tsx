import { useState } from 'react';
import type { Order } from '@shared/orders';
import { unpaidQuestion } from '@shared/payments';
import { Checkbox, ConfirmDialog } from '@web/components/ui';

/** A warning the server found on a ship (src/shared/api-error.ts): staff may confirm it and ship anyway. */
export type ShipWarning = { code: string; message: string };

// What each warning asks: the shop's own question for money owed; the server's words for a used label (it names the
// other order).
const question = (order: Order, w: ShipWarning) =>
  w.code === 'UNPAID_BALANCE' ? unpaidQuestion(order.order_number, order.payment.balance, 'shipped') : w.message;

const SINGLE: Record<string, { title: string; confirm: string; cancel: string; note: string }> = {
  UNPAID_BALANCE: {
    title: 'Ship with money owed?',
    confirm: 'Ship anyway',
    cancel: 'Not yet',
    note: 'The timeline records that the order left with money owed.',
  },
  TRACKING_IN_USE: {
    title: 'Tracking number already used?',
    confirm: 'Ship with this number',
    cancel: 'Check the label',
    note: 'Confirm only when one parcel holds both orders.',
  },
};

/**
 * Every warning of one ship at once (money owed, a label already on another order). One is confirmed by the button,
 * as a question; two each by their own box, and Ship waits for both: the same rule as a bulk ship's check.
 */
export function ShipWarningsDialog({
  order,
  warnings,
  pending,
  onConfirm,
  onCancel,
}: {
  order: Order;
  warnings: ShipWarning[];
  pending: boolean;
  onConfirm: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [ticked, setTicked] = useState<string[]>([]);
  const only = warnings.length === 1 ? SINGLE[warnings[0]!.code] : undefined;
  if (only)
    return (
      <ConfirmDialog
        open
        title={only.title}
        description={question(order, warnings[0]!)}
        confirmLabel={only.confirm}
        cancelLabel={only.cancel}
        pending={pending}
        onConfirm={() => onConfirm([warnings[0]!.code])}
        onCancel={onCancel}
      >
        {only.note}
      </ConfirmDialog>
    );
  const all = warnings.every((w) => ticked.includes(w.code));
  return (
    <ConfirmDialog
      open
      title="Ship despite these warnings?"
      description="Confirm each one to ship this order."
      confirmLabel="Ship anyway"
      cancelLabel="Not yet"
      confirmDisabled={!all}
      pending={pending}
      onConfirm={() => onConfirm(warnings.map((w) => w.code))}
      onCancel={onCancel}
    >
      <div className="space-y-3" data-testid="ship-warnings">
        {warnings.map((w) => (
          <Checkbox
            key={w.code}
            label={question(order, w)}
            hint={SINGLE[w.code]?.note}
            checked={ticked.includes(w.code)}
            onChange={(e) =>
              setTicked((t) => (e.target.checked ? [...t, w.code] : t.filter((code) => code !== w.code)))
            }
          />
        ))}
      </div>
    </ConfirmDialog>
  );
}
