import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { BREAKPOINTS, RESIZE_DEBOUNCE_MS, SHORT_LANDSCAPE } from '@shared/constants';

// docs/product.md#screens-and-routes "Landing layout choice", checked in this order.
export type LayoutName = 'mobile-landscape' | 'mobile' | 'tablet' | 'desktop';
export type Viewport = { width: number; height: number };

/** A landscape phone: wider than tall, under 900 wide and under 500 high. */
export const isShortLandscape = ({ width, height }: Viewport) =>
  width > height && width < SHORT_LANDSCAPE.width && height < SHORT_LANDSCAPE.height;

export function chooseLayout(v: Viewport): LayoutName {
  if (isShortLandscape(v)) return 'mobile-landscape';
  if (v.width < BREAKPOINTS.md) return 'mobile';
  if (v.width < BREAKPOINTS.lg) return 'tablet';
  return 'desktop';
}

/** Under 768 wide: the sidebars give way to header items (docs/product.md#screens-and-routes mobile header threshold). */
export const isNarrow = (v: Viewport) => v.width < BREAKPOINTS.md;

const readViewport = (): Viewport =>
  typeof window === 'undefined'
    ? { width: BREAKPOINTS.xl, height: 800 }
    : { width: window.innerWidth, height: window.innerHeight };

/** The viewport, re-read on route change, on resize (debounced) and on orientation change. */
export function useViewport(): Viewport {
  const { pathname } = useLocation();
  const [viewport, setViewport] = useState(readViewport);

  useEffect(() => {
    setViewport((prev) => sameOr(prev, readViewport()));
  }, [pathname]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => setViewport((prev) => sameOr(prev, readViewport()));
    const debounced = () => {
      clearTimeout(timer);
      timer = setTimeout(update, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', debounced);
    // Orientation flips apply at once: the old layout would be wrong for the whole debounce window.
    window.addEventListener('orientationchange', update);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', debounced);
      window.removeEventListener('orientationchange', update);
    };
  }, []);

  return viewport;
}

// Keeps the previous object when nothing changed, so consumers do not re-render for nothing.
const sameOr = (prev: Viewport, next: Viewport) =>
  prev.width === next.width && prev.height === next.height ? prev : next;

export function useLayout(): LayoutName {
  return chooseLayout(useViewport());
}
