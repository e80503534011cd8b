import { useEffect } from 'react';

// SPEC §2 global window events, typed in one place. Modals listen for their own open event.
export type AdminSection = 'orders' | 'users' | 'messages' | 'settings';
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

export function useAppEvent<K extends AppEventName>(name: K, handler: (detail: EventMap[K]) => void) {
  useEffect(() => {
    const listener = (e: Event) => handler((e as CustomEvent<EventMap[K]>).detail);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  }, [name, handler]);
}
