import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { baseUrl } from './browser';

type Viewport = { width: number; height: number };

/**
 * One page per viewport and person, reused by every screen a file checks at that size: the screens then share the
 * browser's cache and session instead of paying for a new context (and a cold download of the app) each time.
 */
export function pagePool(browser: () => Browser, extra: BrowserContextOptions = {}) {
  const pages = new Map<string, Promise<Page>>();
  return {
    get(viewport: Viewport, storageState: BrowserContextOptions['storageState'], who: string): Promise<Page> {
      const key = `${viewport.width}x${viewport.height}:${who}`;
      let page = pages.get(key);
      if (!page) {
        page = browser()
          .newContext({ ...extra, viewport, baseURL: baseUrl(), storageState })
          .then((context) => context.newPage());
        pages.set(key, page);
      }
      return page;
    },
  };
}

/** Waits until the page's fonts are loaded, its images are decoded and two frames are painted: ready for a picture. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].filter((img) => !img.complete).map((img) => img.decode().catch(() => undefined)),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
