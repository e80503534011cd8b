import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps a scrolling message pane on its newest message: when one arrives, and when the pane changes size (a window
 * resize, the composer growing) while the reader was at the bottom. Someone reading older messages is left where they are.
 */
export function useStickToBottom(pane: RefObject<HTMLElement | null>, count: number) {
  const atBottom = useRef(true);
  useEffect(() => {
    const el = pane.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
  }, [pane, count]);
  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    // Scroll anchoring would move the pane itself when its messages reflow (a narrower window).
    el.style.overflowAnchor = 'none';
    let lastTop = el.scrollTop;
    const onScroll = () => {
      const top = el.scrollTop;
      // Only a move up lets go of the bottom. A scroll event is read a frame after it happened: by then the messages
      // may have grown (a reflow at a new width), and reading "not at the bottom" then would leave the pane short of
      // the newest message for good on a busy machine.
      if (el.scrollHeight - top - el.clientHeight < 24) atBottom.current = true;
      else if (top < lastTop) atBottom.current = false;
      lastTop = top;
    };
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    el.addEventListener('scroll', onScroll, { passive: true });
    // The pane shrinking (a narrower window, a taller composer) and its messages growing (text reflowing at a new
    // width, an attachment's row) both push the newest message down: either keeps a pane that was at the bottom there.
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
    // Re-attached with the count: a pane rendered only once its thread has loaded is not there on the first run.
  }, [pane, count]);
}
