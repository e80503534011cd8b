import type { ElementHandle, Page } from 'playwright-core';

/** What a pooled page last showed: its ready element, and whether a dialog, a form or a scroll changed it since. */
type Shown = { ready: ElementHandle; touched: boolean };
const shown = new WeakMap<Page, Shown>();

// How long the previous screen may take to leave after a client-side move before the page is loaded afresh instead.
const LEAVE_MS = 3_000;
// What a check may have left open over its screen: a dialog (the app's own or a global one), a menu, a list.
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * Opens `url` on a pooled page. When the page shows a screen at another path, the app moves there as a link would
 * (history.pushState and popstate, which React Router follows) instead of loading the whole app again: a load took
 * 545 ms of a check's 720, a move 100. A dialog or menu the last check opened is closed first with Escape, as a person
 * would; one that stays open (a persistent dialog) means a fresh load. The move counts once the previous screen's
 * ready element has left the document, so its content can never pass for the new screen's; a screen at the same path
 * (the same component, its elements kept) is loaded afresh, as is any move that does not leave in time.
 */
export async function visit(page: Page, url: string): Promise<'loaded' | 'moved'> {
  const last = shown.get(page);
  shown.delete(page);
  const current = page.url().startsWith('http') ? new URL(page.url()) : undefined;
  const target = new URL(url, current ?? 'http://placeholder');
  if (last && current && current.pathname !== target.pathname && (!last.touched || (await closeOverlays(page)))) {
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

/** Escape until nothing is left open over the screen (at most three times); false when something stays. */
async function closeOverlays(page: Page): Promise<boolean> {
  const open = page.locator(OVERLAY);
  for (let i = 0; i < 3 && (await open.count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await open
      .first()
      .waitFor({ state: 'detached', timeout: 1_000 })
      .catch(() => undefined);
  }
  return (await open.count()) === 0;
}

/** Records the screen the page now shows: its ready element, and whether the check opened or changed anything. */
export function remember(page: Page, ready: ElementHandle, touched: boolean): void {
  shown.set(page, { ready, touched });
}

/**
 * The screens in an order where each person's next screen is, wherever possible, at another path than their last:
 * such a screen is reached by a move rather than a load. Otherwise the order is kept. `pathOf` may throw (a path only
 * known after the set-up): such a screen counts as a path of its own.
 */
export function alternatePaths<T extends { name: string; who: string }>(screens: T[], pathOf: (s: T) => string): T[] {
  const key = (s: T) => {
    try {
      return new URL(pathOf(s), 'http://placeholder').pathname;
    } catch {
      return `(${s.name})`;
    }
  };
  const rest = [...screens];
  const lastPath = new Map<string, string>();
  const out: T[] = [];
  while (rest.length) {
    let i = rest.findIndex((s) => lastPath.get(s.who) !== key(s));
    if (i < 0) i = 0;
    const [next] = rest.splice(i, 1);
    lastPath.set(next!.who, key(next!));
    out.push(next!);
  }
  return out;
}
