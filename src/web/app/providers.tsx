import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@shared/constants';
import { SessionKeeper } from '@web/features/auth/session-keeper';

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
      <Toaster theme="dark" richColors position="top-right" duration={TOAST_DURATION_MS} closeButton />
    </QueryClientProvider>
  );
}
