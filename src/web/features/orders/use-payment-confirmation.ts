import { useEffect, useState } from 'react';
import { useCheckPayment } from './api/payment-api';
import { RECHECK_DELAYS_MS, type ConfirmPhase } from './pay-state';

/**
 * Back from Stripe's page: ask the server to re-check the payment at once, then a few more times while Stripe's
 * webhook has not arrived (bounded by RECHECK_DELAYS_MS); `retry` starts another round when the customer asks.
 */
export function usePaymentConfirmation(orderId: number | null, active: boolean) {
  const { mutateAsync } = useCheckPayment();
  const [phase, setPhase] = useState<ConfirmPhase>('checking');
  const [failed, setFailed] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!active || orderId === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async (attempt: number) => {
      let settled = false;
      try {
        const order = await mutateAsync(orderId);
        settled = order.payment.status === 'paid' || order.payment.balance <= 0;
        if (live) setFailed(null);
      } catch (err) {
        // Stripe or the network failed this time: it counts as not confirmed yet.
        if (live) setFailed(err);
      }
      if (!live || settled) return;
      const pause = RECHECK_DELAYS_MS[attempt];
      if (pause === undefined) setPhase('gave_up');
      else timer = setTimeout(() => void run(attempt + 1), pause);
    };
    setPhase('checking');
    void run(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active, orderId, round, mutateAsync]);
  return { phase, failed, retry: () => setRound((r) => r + 1) };
}
