import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { baseUrl } from './browser';
import { startSession } from './session';

type Viewport = { width: number; height: number };
const STEP_TIMEOUT_MS = 25_000;

/**
 * One page per viewport and person, reused by every screen a file checks at that size: the screens then share the
 * browser's cache and session instead of paying for a new context (and a cold download of the app) each time.
 */
export function pagePool(browser: () => Browser, extra: BrowserContextOptions = {}) {
  const pages = new Map<string, Promise<Page>>();
  return {
    /** Forgets every page (their browser is being replaced): the next get() opens a new one. */
    clear: () => pages.clear(),
    get(viewport: Viewport, storageState: BrowserContextOptions['storageState'], who: string): Promise<Page> {
      const key = `${viewport.width}x${viewport.height}:${who}`;
      let page = pages.get(key);
      if (!page) {
        page = browser()
          .newContext({ ...extra, viewport, baseURL: baseUrl(), storageState })
          .then(async (context) => {
            if (storageState) await ownSession(context);
            return context.newPage();
          })
          .then((p) => {
            // Each step gives up well inside the test's 60 s, so a failed check can still replace a wedged browser
            // before the next one starts (screens.ts).
            p.setDefaultTimeout(STEP_TIMEOUT_MS);
            return watchTrouble(p);
          });
        pages.set(key, page);
      }
      return page;
    },
  };
}

/**
 * Gives a context that starts from a person's saved state a session of its own, as a second device would have. The
 * pages of one person at two sizes run side by side: with one session between them, the first refresh (a session
 * check that failed under load is enough) rotates the tokens the other page still holds, and its next call presents
 * a rotated refresh token, which the server rightly takes for theft and answers by revoking the whole session family.
 * One CI run lost the admin on both phone pages that way, mid-file.
 */
async function ownSession(context: BrowserContext) {
  const me = await context.request.get(`${baseUrl()}/api/v1/auth/me`);
  if (!me.ok()) throw new Error(`the saved session is not signed in: ${me.status()} ${await me.text()}`);
  const { user } = (await me.json()) as { user: { email: string } };
  await startSession(context, user.email);
}

// What went wrong on a pooled page lately (API answers of 400 and above, console errors, crashes): a screen that never
// becomes ready then says why, instead of only "timed out".
const trouble = new WeakMap<Page, string[]>();

function watchTrouble(page: Page): Page {
  const seen: string[] = [];
  trouble.set(page, seen);
  const note = (line: string) => {
    seen.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (seen.length > 20) seen.shift();
  };
  page.on('response', (r) => {
    if (r.status() >= 400) note(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => note(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`));
  page.on('console', (m) => {
    if (m.type() === 'error') note(`console: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => note(`page error: ${e.message.slice(0, 300)}`));
  page.on('crash', () => note('page crashed'));
  return page;
}

/** Runs a screen's step; when it fails, the error names the page's address, its visible text and its recent trouble. */
export async function explained<T>(page: Page, step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const text = await page
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 600))
      .catch((e: Error) => `(no text: ${e.message})`);
    const recent = trouble.get(page) ?? [];
    throw new Error(
      [
        `${step} failed at ${page.url()}: ${(error as Error).message.split('\n')[0]}`,
        `visible text: ${text}`,
        `recent trouble: ${recent.length ? `\n  ${recent.join('\n  ')}` : 'none'}`,
      ].join('\n'),
      { cause: error },
    );
  }
}

/** Waits until the page's fonts are loaded, its images are decoded and two frames are painted: ready for a picture. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A lazy image far below the fold is never fetched, so its decode() never settles: the picture is of the
    // viewport, so such an image is not waited for.
    const below = (img: HTMLImageElement) =>
      img.loading === 'lazy' && img.getBoundingClientRect().top > window.innerHeight * 2;
    // An image the browser chose not to fetch yet (lazy, behind an open dialog) never settles either: after 3 s
    // the picture is taken as it is, rather than the check hanging until its timeout.
    await Promise.race([
      Promise.all(
        [...document.images]
          .filter((img) => !img.complete && !below(img))
          .map((img) => img.decode().catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
