import { useEffect } from 'react';

// docs/product.md#screens-and-routes global window events, typed in one place. Modals listen for their own open event.
export type AdminSection =
  | 'today'
  | 'orders'
  | 'production'
  | 'catalog'
  | 'users'
  | 'messages'
  | 'reports'
  | 'settings'
  | 'audit'
  | 'mail'
  | 'artwork'
  | 'quotes';
type EventMap = {
  'open-contact-modal': undefined;
  'open-profile-modal': undefined;
  'open-login-modal': undefined;
  'admin-navigate': { section: AdminSection };
  /** After logout: features holding local state for the user (the cart) drop it. */
  'signed-out': undefined;
};
export type AppEventName = keyof EventMap;

export function emit<K extends AppEventName>(name: K, ...detail: EventMap[K] extends undefined ? [] : [EventMap[K]]) {
  window.dispatchEvent(new CustomEvent(name, { detail: detail[0] }));
}

// The modals are lazy chunks: an open request fired before a modal's code has loaded would find nobody
// listening. This module ships in the main bundle and remembers such requests until a listener subscribes.
const BUFFERED = ['open-contact-modal', 'open-profile-modal', 'open-login-modal'] as const;
export type BufferedEventName = (typeof BUFFERED)[number];
const pending = new Set<AppEventName>();
if (typeof window !== 'undefined') {
  for (const name of BUFFERED) window.addEventListener(name, () => pending.add(name));
}

/** Whether an open request is waiting for its modal's code (the app shell mounts the modal then). */
export const isPending = (name: BufferedEventName) => pending.has(name);

export function useAppEvent<K extends AppEventName>(name: K, handler: (detail: EventMap[K]) => void) {
  useEffect(() => {
    const listener = (e: Event) => {
      pending.delete(name);
      handler((e as CustomEvent<EventMap[K]>).detail);
    };
    window.addEventListener(name, listener);
    if (pending.delete(name)) handler(undefined as EventMap[K]);
    return () => window.removeEventListener(name, listener);
  }, [name, handler]);
}
