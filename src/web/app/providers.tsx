import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@shared/constants';
import { SessionKeeper } from '@web/features/auth';
import { Deferred } from '@web/lib/deferred';
import { Toaster } from '@web/lib/toast';

// The toaster is its own chunk, loaded once the browser is idle after the first paint: toasts only follow
// user actions, and keeping sonner out of the entry keeps the landing page's initial JavaScript within budget.
// Bottom-right: at the top the toasts covered the header's menu button for their whole 5 s.
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <SessionKeeper />
      {children}
      <Deferred stage="idle">
        <Suspense fallback={null}>
          <Toaster theme="dark" richColors position="bottom-right" duration={TOAST_DURATION_MS} closeButton />
        </Suspense>
      </Deferred>
    </QueryClientProvider>
  );
}
