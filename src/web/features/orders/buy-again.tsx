import type { TFunction } from 'i18next';
import { RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BuyAgainResult } from '@shared/fit';
import type { Order } from '@shared/orders';
import { Button } from '@web/components/ui';
import { useFromEnglish } from '@web/i18n';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useBuyAgain } from './api/orders-api';

/** "Buy again": one press puts the order's lines back in the cart at today's prices. */
export function BuyAgainButton({ order, onDone }: { order: Order; onDone: (r: BuyAgainResult) => void }) {
  const { t } = useTranslation();
  const words = useFromEnglish();
  const buy = useBuyAgain();
  const run = async () => {
    try {
      const result = await buy.mutateAsync(order.id);
      if (result.added.length) toast.success(buyAgainMessage(result, t));
      onDone(result);
    } catch (err) {
      toast.error(words(errorText(err, t('buyAgain.failed'))));
    }
  };
  return (
    <Button variant="secondary" onClick={run} loading={buy.isPending} className="text-sm" data-testid="buy-again">
      <RotateCcw className="h-4 w-4" aria-hidden />
      {t('buyAgain.button')}
    </Button>
  );
}

/** What went into the cart and every difference from the old order, said once and kept in view. */
export function BuyAgainReport({ result }: { result: BuyAgainResult }) {
  const { t } = useTranslation();
  const words = useFromEnglish();
  const ref = useRef<HTMLElement>(null);
  // The button sits at the foot of a long dialog: the answer comes into view where the eye already is.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  return (
    <section
      ref={ref}
      role="status"
      aria-label={t('buyAgain.button')}
      data-testid="buy-again-report"
      className="rounded-lg border border-brand-400/40 bg-brand-500/10 p-3 text-sm text-gray-100"
    >
      <p className="font-semibold text-white">{buyAgainMessage(result, t)}</p>
      {result.changes.length ? (
        <>
          <p className="mt-2 text-gray-300">{t('buyAgain.since')}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {result.changes.map((c) => (
              <li key={c}>{words(c)}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1 text-gray-300">{t('buyAgain.same')}</p>
      )}
      {result.added.length ? (
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          <Link to="/store" className="inline-flex min-h-6 items-center font-medium text-brand-400 underline">
            {t('buyAgain.review')}
          </Link>
          <Link to="/checkout" className="inline-flex min-h-6 items-center font-medium text-brand-400 underline">
            {t('buyAgain.checkout')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The server's sentence (buy-again.ts) in the screen's language: how many pieces went into the cart, or none. */
function buyAgainMessage(result: BuyAgainResult, t: TFunction): string {
  const count = result.added.reduce((n, a) => n + a.quantity, 0);
  return count ? t('buyAgain.added', { count }) : t('buyAgain.nothing');
}
