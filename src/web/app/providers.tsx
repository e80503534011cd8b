import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@shared/constants';
import { SessionKeeper } from '@web/features/auth';
import { Deferred } from '@web/lib/deferred';
import { Toaster } from '@web/lib/toast';

// The toaster is its own chunk, loaded once the browser is idle after the first paint: toasts only follow
// user actions, and keeping sonner out of the entry keeps the landing page's initial JavaScript within budget.
// Top centre, just under the sticky 64 px header: the primary actions a toast follows (Send reply, Save, Place
// order, Proceed to Checkout, the phone cart bar) all sit at the bottom or in a side column, so a toast never covers
// the button just pressed; the offset keeps the header's own buttons (menu, cart, profile) clear.
const TOAST_TOP_PX = 72;
const TOAST_BOTTOM_PX = 16;

const dialogShown = () => document.querySelector('[role="dialog"],[role="alertdialog"]') !== null;

/**
 * True while a dialog is open. Dialogs are portalled straight into the body, so watching the body's children is
 * enough. Top-centre toasts would lie over a dialog's title, the words that say where the person is.
 */
function useDialogOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const check = () => setOpen(dialogShown());
    const watch = new MutationObserver(check);
    watch.observe(document.body, { childList: true });
    check();
    return () => watch.disconnect();
  }, []);
  return open;
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
  );
  const dialogOpen = useDialogOpen();
  return (
    <QueryClientProvider client={client}>
      <SessionKeeper />
      {children}
      <Deferred stage="idle">
        <Suspense fallback={null}>
          <Toaster
            theme="dark"
            richColors
            position={dialogOpen ? 'bottom-center' : 'top-center'}
            offset={dialogOpen ? { bottom: TOAST_BOTTOM_PX } : { top: TOAST_TOP_PX }}
            mobileOffset={dialogOpen ? { bottom: TOAST_BOTTOM_PX } : { top: TOAST_TOP_PX }}
            duration={TOAST_DURATION_MS}
            closeButton
          />
        </Suspense>
      </Deferred>
    </QueryClientProvider>
  );
}
