import { useSyncExternalStore } from 'react';
import { SHORT_LANDSCAPE } from '@shared/constants';

// See docs/product.md#screens-and-routes: the login modal goes compact when the screen is short and landscape.
const QUERY = `(orientation: landscape) and (max-height: ${SHORT_LANDSCAPE.height - 0.02}px)`;

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
