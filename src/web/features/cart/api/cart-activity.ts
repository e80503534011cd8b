import { CART_POLL_MS } from '@shared/constants';

// See docs/product.md#cart: polling is skipped within 15 s of a local change and while the customer customises or edits.
let lastChangeAt = 0;
const busy = new Set<string>();

export const markCartChanged = () => {
  lastChangeAt = Date.now();
};

/** Marks a reason to hold polling (e.g. 'customize', 'edit-12'); call the returned function to release it. */
export function holdCartPolling(reason: string): () => void {
  busy.add(reason);
  return () => {
    busy.delete(reason);
  };
}

export const shouldSkipPoll = (now = Date.now()) => busy.size > 0 || now - lastChangeAt < CART_POLL_MS;
