import { lazy, Suspense } from 'react';

const Section = lazy(() => import('./order-messages'));

/** The order view's messages section, fetched with its own chunk when an order is opened (the shell stays small). */
export function OrderMessages({ orderId }: { orderId: number }) {
  return (
    <Suspense fallback={null}>
      <Section orderId={orderId} />
    </Suspense>
  );
}
