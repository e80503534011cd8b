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

export function showToast(type: ToastType, message: string, opts: ToastOptions = {}): void {
  void sonner().then((t) =>
    t[type](message, { duration: opts.duration ?? TOAST_DURATION_MS, ...(opts.id ? { id: opts.id } : {}) }),
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
