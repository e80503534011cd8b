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
const TOAST_GAP_PX = 8;

/** The bottom edge of an open dialog's title, in px from the top of the window; null while no dialog is open. */
function dialogTitleBottom(): number | null {
  const dialog = document.querySelector('[role="dialog"],[role="alertdialog"]');
  if (!dialog) return null;
  const title = dialog.querySelector('h1,h2,h3') ?? dialog;
  return Math.ceil(title.getBoundingClientRect().bottom);
}

/**
 * While a dialog is open, toasts start just under its title: a top-centre toast would lie over the title (the words
 * that say where the person is), and one at the bottom over the dialog's primary action. Dialogs are portalled
 * straight into the body, so watching the body's children is enough; the title is measured on the next frame, once
 * the dialog is laid out.
 */
function useToastTop(): number {
  const [top, setTop] = useState(TOAST_TOP_PX);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const bottom = dialogTitleBottom();
        setTop(bottom === null ? TOAST_TOP_PX : Math.max(TOAST_TOP_PX, bottom + TOAST_GAP_PX));
      });
    };
    const watch = new MutationObserver(check);
    watch.observe(document.body, { childList: true });
    window.addEventListener('resize', check);
    check();
    return () => {
      watch.disconnect();
      window.removeEventListener('resize', check);
      cancelAnimationFrame(frame);
    };
  }, []);
  return top;
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
  );
  const toastTop = useToastTop();
  return (
    <QueryClientProvider client={client}>
      <SessionKeeper />
      {children}
      <Deferred stage="idle">
        <Suspense fallback={null}>
          <Toaster
            theme="dark"
            richColors
            position="top-center"
            offset={{ top: toastTop }}
            mobileOffset={{ top: toastTop }}
            duration={TOAST_DURATION_MS}
            closeButton
          />
        </Suspense>
      </Deferred>
    </QueryClientProvider>
  );
}
