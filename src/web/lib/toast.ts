import { lazy } from 'react';
import { TOAST_DURATION_MS } from '@shared/constants';

// Toast (docs/product.md#constants): a message, a type and a duration (5000 ms unless told otherwise).
export type ToastType = 'success' | 'error' | 'warning' | 'info';
/** `id`: a toast with the id of one still shown replaces it instead of stacking (e.g. a failing poll). */
export type ToastOptions = { duration?: number; id?: string };

// sonner is loaded on the first toast (the app shell mounts its Toaster once the browser is idle after the first
// paint): a screen that only might toast does not wait for its ~9 kB gzip. sonner shows toasts raised before its
// Toaster subscribed.
const sonner = () => import('sonner').then((m) => m.toast);

// The room toasts take in their corner (app/providers.tsx puts them bottom right; on a phone across the bottom):
// sonner's 356 px width, and about two stacked toasts high.
const TOAST_WIDTH_PX = 356;
const TOAST_ZONE_PX = 130;
const EDGE_PX = 16;
const PHONE_PX = 600;

// The control last clicked or pressed: a button that is busy while its request runs has lost the focus by the time
// its toast comes, so the focus alone does not say where the person is looking.
let used: { el: Element; at: number } | null = null;
const USED_FOR_MS = 15_000;
if (typeof document !== 'undefined') {
  const mark = (e: Event) => {
    if (e.target instanceof Element) used = { el: e.target, at: Date.now() };
  };
  document.addEventListener('click', mark, { capture: true, passive: true });
  document.addEventListener('keydown', mark, { capture: true, passive: true });
}
function lastUsed(): Element | null {
  const focused = document.activeElement;
  if (focused && focused !== document.body) return focused;
  return used && used.el.isConnected && Date.now() - used.at < USED_FOR_MS ? used.el : null;
}

/**
 * Where a toast goes so it does not cover the control just used (a Send or Save button at the bottom right of a
 * pane): bottom left instead, or on a phone top centre (the page is scrolled down to that control, its heading out of
 * view). Undefined, the toaster's own place, when that control is elsewhere or a dialog is open (its toasts go under
 * its title).
 */
function clearOfFocus(): 'bottom-left' | 'top-center' | undefined {
  if (document.querySelector('[role="dialog"],[role="alertdialog"]')) return undefined;
  const el = lastUsed();
  if (!el) return undefined;
  const r = el.getBoundingClientRect();
  const phone = window.innerWidth <= PHONE_PX;
  const bar = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--pinned-bar-height')) || 0;
  const zoneTop = window.innerHeight - bar - EDGE_PX - TOAST_ZONE_PX;
  const zoneLeft = phone ? 0 : window.innerWidth - EDGE_PX - TOAST_WIDTH_PX;
  if (r.bottom <= zoneTop || r.right <= zoneLeft || r.width === 0) return undefined;
  return phone ? 'top-center' : 'bottom-left';
}

export function showToast(type: ToastType, message: string, opts: ToastOptions = {}): void {
  const position = clearOfFocus();
  void sonner().then((t) =>
    t[type](message, {
      duration: opts.duration ?? TOAST_DURATION_MS,
      ...(opts.id ? { id: opts.id } : {}),
      ...(position ? { position } : {}),
    }),
  );
}

export const toast = {
  success: (message: string, opts?: ToastOptions) => showToast('success', message, opts),
  error: (message: string, opts?: ToastOptions) => showToast('error', message, opts),
  warning: (message: string, opts?: ToastOptions) => showToast('warning', message, opts),
  info: (message: string, opts?: ToastOptions) => showToast('info', message, opts),
};

/** sonner's Toaster as its own lazily loaded component, for the app shell to mount once. */
export const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));
