import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@shared/constants';
import { SessionKeeper } from '@web/features/auth';
import { LanguageKeeper } from '@web/features/language';
import { Deferred } from '@web/lib/deferred';
import { Toaster } from '@web/lib/toast';

// The toaster is its own chunk, loaded once the browser is idle after the first paint: toasts only follow
// user actions, and keeping sonner out of the entry keeps the landing page's initial JavaScript within budget.
// Bottom right (on a phone, across the bottom): a toast at the top centre lay over the page's heading, the words that
// say where the person is. The primary actions a toast follows sit in the page or a side column, not in that corner;
// on a phone the store's cart bar is pinned to the bottom, so toasts stand on it (its height is
// --pinned-bar-height, set by the bar while it shows).
const TOAST_EDGE_PX = 16;
const TOAST_BOTTOM = `calc(var(--pinned-bar-height, 0px) + ${TOAST_EDGE_PX}px)`;
// While a dialog is open, toasts start just under its title instead: one at the bottom would lie over the dialog's
// primary action, and one at the top over its title. 72: just under the sticky 64 px header.
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
 * Where toasts go: under an open dialog's title, else the bottom corner. Dialogs are portalled straight into the
 * body, so watching the body's children is enough; the title is measured on the next frame, once the dialog is laid
 * out.
 */
function useDialogTitleBottom(): number | null {
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const bottom = dialogTitleBottom();
        setTop(bottom === null ? null : Math.max(TOAST_TOP_PX, bottom + TOAST_GAP_PX));
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
  const dialogTop = useDialogTitleBottom();
  // One offset for every side: a toast placed clear of the control just used (lib/toast.ts) may sit elsewhere.
  const offset = { left: TOAST_EDGE_PX, right: TOAST_EDGE_PX, bottom: TOAST_BOTTOM, top: dialogTop ?? TOAST_TOP_PX };
  return (
    <QueryClientProvider client={client}>
      <SessionKeeper />
      <LanguageKeeper />
      {children}
      <Deferred stage="idle">
        <Suspense fallback={null}>
          <Toaster
            theme="dark"
            richColors
            position={dialogTop === null ? 'bottom-right' : 'top-center'}
            offset={offset}
            mobileOffset={offset}
            duration={TOAST_DURATION_MS}
            closeButton
          />
        </Suspense>
      </Deferred>
    </QueryClientProvider>
  );
}
