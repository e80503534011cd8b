import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium-flags';
import { pollLocatorsFaster } from './fast-polling';
import { claimShop } from './shop-claim';
import { readMails, type CaughtMail } from './smtp';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 1024, height: 768 },
  phone: { width: 390, height: 844 },
  phoneLandscape: { width: 844, height: 390 },
} as const;

let claimed: number | undefined;
/** This test process's own shop (global-setup.ts starts one per worker; shop-claim.ts says why it is claimed). */
function myShop() {
  const shops = inject('shops');
  claimed ??= claimShop(inject('shopClaims'), shops.length, Number(process.env.VITEST_POOL_ID ?? 1) - 1);
  return shops[claimed]!;
}

export const baseUrl = () => myShop().baseUrl;
/** The port of this worker's shop's own SMTP listener for e-mailed replies. */
export const inboundSmtpPort = () => myShop().inboundSmtpPort;

/** The run's Chromium (global-setup.ts resolves it once: CHROMIUM_PATH, Debian's, or the npm-shipped one). */
export async function launchBrowser(): Promise<Browser> {
  pollLocatorsFaster();
  const binary = inject('chromium');
  return chromium.launch({
    executablePath: binary.executablePath,
    args: CHROMIUM_ARGS,
    env: { ...process.env, ...binary.env } as Record<string, string>,
  });
}

/** A fresh context (own cookies) at a viewport; console errors are collected so a test can assert none. */
export async function newPage(browser: Browser, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context: BrowserContext = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page: Page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  return { context, page, consoleErrors };
}

/**
 * Pictures for a person to look at (E2E_SCREENSHOTS=1 npm run test:e2e): they assert nothing, and the every-screen
 * files alone spent 14 % of their time taking 242 of them in every run, so a plain `npm test` takes none.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  const dir = path.resolve('artifacts/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

export type CaughtMailQuery = { since?: number; timeoutMs?: number };

/** Waits for a message to `to` (newest first) whose subject matches, sent after `since`: this worker's shop. */
export const waitForMail = (to: string, subject: RegExp, opts: CaughtMailQuery = {}) =>
  waitForMailIn(myShop().mailDir, to, subject, opts);

/** The same in the folder of any mail catcher (a file that starts a shop of its own). */
export async function waitForMailIn(
  mailDir: string,
  to: string,
  subject: RegExp,
  opts: CaughtMailQuery = {},
): Promise<CaughtMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  const since = opts.since ?? 0;
  for (;;) {
    const found = readMails(mailDir)
      .filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject) && Date.parse(m.receivedAt) >= since)
      .pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const uniqueEmail = (prefix = 'customer', domain = 'example.test') =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@${domain}`;

/**
 * Eight digits no other test of the run has used: a tracking number already on another order is refused unless staff
 * confirm it, and the files of one worker share its shop.
 */
export const uniqueDigits = () =>
  `${Date.now() % 1e4}`.padStart(4, '0') + `${Math.floor(Math.random() * 1e4)}`.padStart(4, '0');
