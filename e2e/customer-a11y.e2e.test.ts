import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { addPlainLine, signedInState, type StorageState } from './support/people';

// Customer screens for keyboard and pointer users: where focus lands after the profile dialog, how many Tab presses
// a whole purchase takes, where toasts sit, and how small a control may be.
let browser: Browser;
let customer: StorageState;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await signedInState(browser, uniqueEmail('a11y'));
});
afterAll(async () => {
  await browser?.close();
});

async function openAs(
  state: StorageState,
  url: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), storageState: state });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  return { context, page, errors };
}

/** The focused element's accessible name as a user would hear it: aria-label, else its label or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled ? document.getElementById(labelled)?.textContent : null;
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    const group =
      el.getAttribute('role') === 'radio' ? el.closest('[role="radiogroup"]')?.getAttribute('aria-label') : null;
    const name = (el.getAttribute('aria-label') ?? byId ?? label ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    return group ? `${group}: ${name}` : name;
  });

/** Counts every Tab and Shift+Tab a keyboard journey presses, and remembers where each one landed. */
class TabCounter {
  presses = 0;
  trail: string[] = [];
  constructor(private page: Page) {}
  /** Presses Tab (or Shift+Tab) until the focused element's name matches. */
  async to(name: RegExp, { back = false, max = 40 } = {}) {
    for (let i = 0; i < max; i += 1) {
      await this.page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      this.presses += 1;
      const now = await focusedName(this.page);
      this.trail.push(`${back ? '<' : '>'} ${now.slice(0, 60)}`);
      if (name.test(now)) return;
    }
    throw new Error(`Tab never reached ${name}; passed: ${this.trail.join(' | ')}`);
  }
}

const focusedTestId = (page: Page) =>
  page.evaluate(
    () => (document.activeElement as HTMLElement | null)?.dataset.testid ?? document.activeElement?.tagName,
  );

describe('the profile dialog gives focus back', () => {
  it('to the profile menu button after Save and after Escape', async () => {
    const { context, page, errors } = await openAs(customer, '/orders');
    const menuButton = page.getByTestId('profile-menu-button');
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Profile' });
    await edit.waitFor();
    await edit.getByLabel('City').fill('Tempe');
    await edit.getByRole('button', { name: 'Save Profile' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => focusedTestId(page)).toBe('profile-menu-button');

    // The same by keyboard: Enter opens the menu, the arrows reach Profile, Escape closes the dialog.
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: 'Profile' });
    await item.waitFor();
    await item.focus();
    await page.keyboard.press('Enter');
    await edit.waitFor();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => focusedTestId(page)).toBe('profile-menu-button');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a whole purchase by keyboard', () => {
  it('from the landing page to the placed order in at most 40 Tab presses', async () => {
    const member = await signedInState(browser, uniqueEmail('tabs', 'dvfire.gov'));
    const { context, page, errors } = await openAs(member, '/');
    const tabs = new TabCounter(page);
    await page.getByRole('link', { name: /Continue to the store/ }).waitFor();
    await tabs.to(/^Continue to the store/);
    await page.keyboard.press('Enter');
    await page
      .getByRole('button', { name: /^Customize / })
      .first()
      .waitFor();

    await tabs.to(/^Customize /);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await tabs.to(/^Size: /);
    await page.keyboard.press('Space');
    await tabs.to(/^Add to Cart/);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Proceed to Checkout' }).waitFor();

    await tabs.to(/^Proceed to Checkout/, { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Place order' }).waitFor();
    await tabs.to(/^Place order/);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/orders\/\d+\/placed$/.test(u.pathname), { timeout: 15_000 });
    await page.getByRole('heading', { level: 1 }).waitFor();

    console.log(`keyboard purchase: ${tabs.presses} Tab presses\n  ${tabs.trail.join('\n  ')}`);
    expect(tabs.presses).toBeLessThanOrEqual(40);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.each([
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const)('toasts at %s', (label, viewport) => {
  it('cover neither the page heading nor the phone cart bar', async () => {
    const person = await signedInState(browser, uniqueEmail(`toast-${label}`));
    const { context, page, errors } = await openAs(person, '/store', viewport);
    await addPlainLine(context);
    await page.reload();
    const h1 = page.getByRole('heading', { level: 1 });
    await h1.waitFor();
    if (label === 'phone') await page.getByTestId('mobile-cart-bar').waitFor();
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Profile' });
    await edit.getByRole('button', { name: 'Save Profile' }).click();
    await edit.waitFor({ state: 'detached' });
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Profile saved' });
    await toast.waitFor();
    // Wait for the toast to settle where it stays (it slides in).
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await new Promise((r) => setTimeout(r, 450));
    const box = (await toast.boundingBox())!;
    await screenshot(page, `toast-${label}`);
    expect(overlaps(box, (await h1.boundingBox())!)).toBe(false);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    if (label === 'phone')
      expect(overlaps(box, (await page.getByTestId('mobile-cart-bar').boundingBox())!)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
