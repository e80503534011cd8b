import { RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { BuyAgainResult } from '@shared/fit';
import type { Order } from '@shared/orders';
import { Button } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useBuyAgain } from './api/orders-api';

/** "Buy again": one press puts the order's lines back in the cart at today's prices. */
export function BuyAgainButton({ order, onDone }: { order: Order; onDone: (r: BuyAgainResult) => void }) {
  const buy = useBuyAgain();
  const run = async () => {
    try {
      const result = await buy.mutateAsync(order.id);
      if (result.added.length) toast.success(result.message);
      onDone(result);
    } catch (err) {
      toast.error(errorText(err, 'Failed to add item to cart'));
    }
  };
  return (
    <Button variant="secondary" onClick={run} loading={buy.isPending} className="text-sm" data-testid="buy-again">
      <RotateCcw className="h-4 w-4" aria-hidden />
      Buy again
    </Button>
  );
}

/** What went into the cart and every difference from the old order, said once and kept in view. */
export function BuyAgainReport({ result }: { result: BuyAgainResult }) {
  const ref = useRef<HTMLElement>(null);
  // The button sits at the foot of a long dialog: the answer comes into view where the eye already is.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  return (
    <section
      ref={ref}
      role="status"
      aria-label="Buy again"
      data-testid="buy-again-report"
      className="rounded-lg border border-brand-400/40 bg-brand-500/10 p-3 text-sm text-gray-100"
    >
      <p className="font-semibold text-white">{result.message}</p>
      {result.changes.length ? (
        <>
          <p className="mt-2 text-gray-300">Since this order:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {result.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1 text-gray-300">Everything is as it was, at today's prices.</p>
      )}
      {result.added.length ? (
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          <Link to="/store" className="inline-flex min-h-6 items-center font-medium text-brand-400 underline">
            Review your cart
          </Link>
          <Link to="/checkout" className="inline-flex min-h-6 items-center font-medium text-brand-400 underline">
            Go to checkout
          </Link>
        </p>
      ) : null}
    </section>
  );
}
