import { useEffect, useRef, useState } from 'react';
import { EDIT_CART_ITEM_EVENT } from './edit-cart-item';

/**
 * The open state of a cart panel (the phone's bottom sheet, the landscape drawer) and its button: the panel's code
 * loads once a pointer, finger or the keyboard reaches the button, ahead of the press; editing a line opens the
 * customise dialog, so the panel steps aside for it.
 */
export function useCartPanel(preload: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const close = () => setOpen(false);
    window.addEventListener(EDIT_CART_ITEM_EVENT, close);
    return () => window.removeEventListener(EDIT_CART_ITEM_EVENT, close);
  }, []);
  useEffect(() => {
    if (!wanted && !open) return;
    let live = true;
    void preload().finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [wanted, open, preload]);
  const want = () => setWanted(true);
  return {
    open,
    setOpen,
    loaded,
    opener,
    buttonProps: {
      ref: opener,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onClick: () => setOpen(true),
      onPointerEnter: want,
      onTouchStart: want,
      onFocus: want,
    },
  };
}
