import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, WCAG_TAGS } from './support/axe';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { addPlainLine, signedInState, type StorageState } from './support/people';

// Keyboard and touch as WCAG 2.2 asks, at a desktop and a phone size: the skip link is the first Tab stop, the cart
// comes right after the header, checkout puts focus on its heading, every Customize button says which garment,
// targets are at least 24 px, and a toast never lies over an open dialog's title.

let browser: Browser;
let member: StorageState;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await signedInState(browser, uniqueEmail('access'));
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = { desktop: VIEWPORTS.desktop, phone: VIEWPORTS.phone } as const;

async function open(size: keyof typeof SIZES, url: string, state: StorageState | undefined = member) {
  // axe is injected as a script tag, which the shop's CSP rightly refuses: these contexts bypass it.
  const context: BrowserContext = await browser.newContext({
    viewport: SIZES[size],
    baseURL: baseUrl(),
    storageState: state,
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/** Where the focus is: the nearest landmark or card that holds it, and its own accessible text. */
const focusPlace = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { where: 'body', name: '' };
    const where = el.closest('[data-testid="store-sidebar"]')
      ? 'sidebar'
      : el.closest('[data-testid="cart-link"]')
        ? 'cart-link'
        : el.closest('[data-testid="product-card"]')
          ? 'card'
          : el.closest('header')
            ? 'header'
            : el.tagName.toLowerCase();
    return { where, name: (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim() };
  });

async function box(l: Locator) {
  return l.evaluate((el) => {
    // To a hundredth of a pixel: a toast's entry transform leaves 23.999998 for a 24 px button.
    const r = el.getBoundingClientRect();
    const px = (n: number) => Math.round(n * 100) / 100;
    return { x: px(r.x), y: px(r.y), width: px(r.width), height: px(r.height) };
  });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('keyboard and touch at %s size', (size) => {
  it('shows "Skip to content" on the first Tab and moves focus to the main region, axe clean', async () => {
    const { context, page } = await open(size, '/store');
    await page.getByTestId('product-card').first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const shown = await box(skip);
    expect(shown.width).toBeGreaterThanOrEqual(24);
    expect(shown.height).toBeGreaterThanOrEqual(24);
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.y).toBeGreaterThanOrEqual(0);
    await screenshot(page, `access-skip-link-${size}`);
    expect(await axeFindings(page, WCAG_TAGS)).toEqual([]);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // The next Tab lands inside the page body, not back in the header.
    await page.keyboard.press('Tab');
    expect((await focusPlace(page)).where).not.toBe('header');
    await context.close();
  });

  it('reaches the cart right after the header, before any garment', async () => {
    const { context, page } = await open(size, '/store');
    await page.getByTestId('product-card').first().waitFor();
    const cart = size === 'desktop' ? 'sidebar' : 'cart-link';
    const seen: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      const { where, name } = await focusPlace(page);
      seen.push(`${where}:${name}`);
      if (where === cart || where === 'card') break;
    }
    expect(seen.at(-1)?.startsWith(`${cart}:`), seen.join(' | ')).toBe(true);
    // Before the cart only the skip link and the header's own controls.
    expect(
      seen.slice(1, -1).every((s) => s.startsWith('header:')),
      seen.join(' | '),
    ).toBe(true);
    await context.close();
  });

  it('puts focus on the Checkout heading when checkout opens', async () => {
    const { context, page } = await open(size, '/store');
    await addPlainLine(context);
    await page.goto('/checkout');
    const heading = page.getByRole('heading', { level: 1, name: 'Checkout' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    // The page is whole once its ways to pay have come in: Place order is enabled then (and fades in, axeFindings).
    await expect.poll(() => page.getByRole('button', { name: 'Place order' }).isEnabled()).toBe(true);
    expect(await axeFindings(page, WCAG_TAGS)).toEqual([]);
    await context.close();
  });

  it('names every Customize button after its garment, with the visible word kept', async () => {
    const { context, page } = await open(size, '/store');
    await page.getByTestId('product-card').first().waitFor();
    const cards = await page.getByTestId('product-card').count();
    const names = await page
      .getByRole('button', { name: /^Customize/ })
      .evaluateAll((els) =>
        els.map((el) => [el.getAttribute('aria-label') ?? '', el.textContent?.trim() ?? ''] as [string, string]),
      );
    expect(names).toHaveLength(cards);
    expect(new Set(names.map(([n]) => n)).size).toBe(cards);
    expect(names.every(([n, text]) => text === 'Customize' && n.startsWith('Customize ') && n.length > 10)).toBe(true);
    expect(names.map(([n]) => n)).toContain('Customize Duty Polo');
    await context.close();
  });

  it('makes the customisation checkboxes and the footer links at least 24 px', async () => {
    const { context, page } = await open(size, '/store');
    await page
      .getByTestId('product-card')
      .filter({ hasText: 'Duty Polo' })
      .getByRole('button', { name: 'Customize Duty Polo' })
      .click();
    const dialog = page.getByRole('dialog', { name: /Duty Polo/ });
    await dialog.waitFor();
    const boxes = dialog.getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThan(0);
    await boxes.first().scrollIntoViewIfNeeded();
    await screenshot(page, `access-checkboxes-${size}`);
    for (const b of await boxes.all()) {
      const r = await box(b);
      expect(r.width).toBeGreaterThanOrEqual(24);
      expect(r.height).toBeGreaterThanOrEqual(24);
    }
    expect(await axeFindings(page, WCAG_TAGS)).toEqual([]);
    await page.goto('/');
    const links = page.getByTestId('footer').getByRole('link');
    expect(await links.count()).toBeGreaterThan(0);
    for (const l of await links.all()) {
      const r = await box(l);
      expect(r.height).toBeGreaterThanOrEqual(24);
      expect(r.width).toBeGreaterThanOrEqual(24);
    }
    await context.close();
  });

  it("keeps a toast off an open dialog's title, with a 24 px close button", async () => {
    const { context, page } = await open(size, '/store');
    // A failing settings request is a toast the store raises by itself.
    await page.route('**/api/v1/settings/**', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await page.reload();
    await page.getByTestId('product-card').first().waitFor();
    await page.getByRole('button', { name: 'Customize Duty Polo' }).click();
    const dialog = page.getByRole('dialog', { name: /Duty Polo/ });
    await dialog.waitFor();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to load application settings' });
    await toast.waitFor();
    // Let the toaster settle in its place for an open dialog.
    await page.waitForTimeout(500);
    await screenshot(page, `access-toast-over-dialog-${size}`);
    const title = dialog.getByRole('heading', { name: /Duty Polo/ });
    expect(overlaps(await box(toast), await box(title))).toBe(false);
    const close = toast.getByRole('button', { name: /close/i });
    const r = await box(close);
    expect(r.width).toBeGreaterThanOrEqual(24);
    expect(r.height).toBeGreaterThanOrEqual(24);
    await context.close();
  });
});
