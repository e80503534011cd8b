import { toast as sonner } from 'sonner';
import { TOAST_DURATION_MS } from '@shared/constants';

// SPEC §3 toast: a message, a type and a duration (5000 ms unless told otherwise).
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export function showToast(type: ToastType, message: string, duration: number = TOAST_DURATION_MS) {
  return sonner[type](message, { duration });
}

export const toast = {
  success: (message: string, duration?: number) => showToast('success', message, duration),
  error: (message: string, duration?: number) => showToast('error', message, duration),
  warning: (message: string, duration?: number) => showToast('warning', message, duration),
  info: (message: string, duration?: number) => showToast('info', message, duration),
};
