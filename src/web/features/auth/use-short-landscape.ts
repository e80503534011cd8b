import { useSyncExternalStore } from 'react';
import { SHORT_LANDSCAPE } from '@shared/constants';

// See docs/product.md#screens-and-routes: the login modal goes compact, with the landscape resend rule, on a short
// landscape phone (under 900 by 500, as lib/layout.ts's isShortLandscape).
const QUERY = `(orientation: landscape) and (max-width: ${SHORT_LANDSCAPE.width - 0.02}px) and (max-height: ${SHORT_LANDSCAPE.height - 0.02}px)`;

function subscribe(onChange: () => void) {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

export const useShortLandscape = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
