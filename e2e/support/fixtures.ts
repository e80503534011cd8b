import type { Browser } from 'playwright-core';
import { test as base } from 'vitest';
import { completeProfile } from './people';
import { baseUrl, launchBrowser, newPage, VIEWPORTS, waitForMail, type CaughtMailQuery } from './browser';
import { startSession } from './session';
import type { CaughtMail } from './smtp';

type Viewport = { width: number; height: number };
type Opened = Awaited<ReturnType<typeof newPage>>;

export type SignedInOptions = {
  viewport?: Viewport;
  /** A completed profile (the default), so the first-time profile modal stays shut; false leaves it to complete. */
  profile?: boolean | { first: string; last: string };
};

/** The shop this worker's files run against (global-setup.ts starts one per worker). */
export type Shop = { url: string; api(path: string): string };

/** The shop's mail as the real SMTP catcher received it. */
export type Mailbox = { waitFor(to: string, subject: RegExp, opts?: CaughtMailQuery): Promise<CaughtMail> };

type FileFixtures = { browser: Browser; shop: Shop; mailbox: Mailbox };
type TestFixtures = {
  /** Opens a page in a fresh context signed in as `email` (no mailed code; see session.ts), closed after the test. */
  signedInPage(email: string, opts?: SignedInOptions): Promise<Opened>;
};

/**
 * The e2e test with its fixtures: one Chromium per file, this worker's shop and mailbox, and signed-in pages that
 * are closed when the test ends, pass or fail.
 */
export const test = base.extend<TestFixtures & FileFixtures>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const browser = await launchBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  shop: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => use({ url: baseUrl(), api: (path) => `${baseUrl()}/api/v1${path}` }),
    { scope: 'file' },
  ],
  mailbox: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => use({ waitFor: waitForMail }),
    { scope: 'file' },
  ],
  signedInPage: async ({ browser }, use) => {
    const opened: Opened[] = [];
    await use(async (email, opts = {}) => {
      const page = await newPage(browser, opts.viewport ?? VIEWPORTS.desktop);
      opened.push(page);
      await startSession(page.context, email);
      const profile = opts.profile ?? true;
      if (profile) {
        const name = profile === true ? { first: 'Dana', last: 'Ramirez' } : profile;
        await completeProfile(page.context, name.first, name.last);
      }
      return page;
    });
    await Promise.all(opened.map((o) => o.context.close()));
  },
});
