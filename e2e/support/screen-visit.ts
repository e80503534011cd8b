import type { ElementHandle, Page } from 'playwright-core';

/** What a pooled page last showed: its ready element, and whether a dialog, a form or a scroll changed it since. */
type Shown = { ready: ElementHandle; touched: boolean };
const shown = new WeakMap<Page, Shown>();

// How long the previous screen may take to leave after a client-side move before the page is loaded afresh instead.
const LEAVE_MS = 3_000;

/**
 * Opens `url` on a pooled page. When the page shows an untouched screen at another path, the app moves there as a
 * link would (history.pushState and popstate, which React Router follows) instead of loading the whole app again:
 * the every-screen checks spent a third of their time on page loads. The move counts once the previous screen's ready
 * element has left the document, so its content can never pass for the new screen's; a screen at the same path (the
 * same component, its elements kept) or one left touched is loaded afresh, as is any move that does not leave in time.
 */
export async function visit(page: Page, url: string): Promise<'loaded' | 'moved'> {
  const last = shown.get(page);
  shown.delete(page);
  const current = page.url().startsWith('http') ? new URL(page.url()) : undefined;
  const target = new URL(url, current ?? 'http://placeholder');
  if (last && !last.touched && current && current.pathname !== target.pathname) {
    await page.evaluate((href) => {
      history.pushState(null, '', href);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, `${target.pathname}${target.search}`);
    const left = await page
      .waitForFunction((el) => !el.isConnected, last.ready, { timeout: LEAVE_MS, polling: 'raf' })
      .then(
        () => true,
        () => false,
      );
    await last.ready.dispose().catch(() => undefined);
    if (left) {
      await page.evaluate(() => window.scrollTo(0, 0));
      return 'moved';
    }
  } else {
    await last?.ready.dispose().catch(() => undefined);
  }
  await page.goto(url);
  return 'loaded';
}

/** Records the screen the page now shows: its ready element, and whether the check opened or changed anything. */
export function remember(page: Page, ready: ElementHandle, touched: boolean): void {
  shown.set(page, { ready, touched });
}
