import { startTransition, useEffect, useState, type ReactNode } from 'react';

// Work that the first screen does not need waits until that screen has painted content, so a slow phone spends its
// first second on the first screen alone. Lighthouse's load model counts every script requested before the first
// contentful paint as part of it: the search metadata and the toaster, requested during the first render, cost the
// landing ~0.3 s. 'paint': once the first contentful paint happened; 'idle': once the browser is idle after it.

type Stage = 'paint' | 'idle';
const reached: Record<Stage, boolean> = { paint: false, idle: false };
// Without paint timing (or in a tab that never paints, opened in the background) the work starts after this anyway.
const PAINT_FALLBACK_MS = 3000;
const IDLE_TIMEOUT_MS = 2000;

const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;

function afterContentfulPaint(cb: () => void): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    cleanup();
    cb();
  };
  const fallback = setTimeout(fire, PAINT_FALLBACK_MS);
  let observer: PerformanceObserver | undefined;
  const cleanup = () => {
    clearTimeout(fallback);
    observer?.disconnect();
  };
  if (painted()) {
    queueMicrotask(fire);
  } else if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) fire();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  return () => {
    done = true;
    cleanup();
  };
}

function afterIdle(cb: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(cb, 200);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(cb, { timeout: IDLE_TIMEOUT_MS });
  return () => cancelIdleCallback(id);
}

/** False until the stage is reached (then true for every later mount too). */
export function useDeferred(stage: Stage): boolean {
  const [ready, setReady] = useState(reached[stage]);
  useEffect(() => {
    if (ready) return;
    let cancelIdle = () => {};
    // A transition: React renders what was held back in slices, yielding to input between them, where an urgent
    // update rendered it (the landing's sections below the fold) as one long task right after the first paint.
    const show = () => startTransition(() => setReady(true));
    const cancelPaint = afterContentfulPaint(() => {
      reached.paint = true;
      if (stage === 'paint') {
        show();
        return;
      }
      cancelIdle = afterIdle(() => {
        reached.idle = true;
        show();
      });
    });
    return () => {
      cancelPaint();
      cancelIdle();
    };
  }, [ready, stage]);
  return ready;
}

/**
 * Renders `children` (or runs `then`) once the stage is reached. A component of its own, so reaching the stage
 * re-renders only this leaf: the same state in a layout re-rendered the whole screen under it, a long task
 * on a slow phone.
 */
export function Deferred({ stage, children = null, then }: { stage: Stage; children?: ReactNode; then?: () => void }) {
  const ready = useDeferred(stage);
  useEffect(() => {
    if (ready) then?.();
  }, [ready, then]);
  return ready ? children : null;
}
