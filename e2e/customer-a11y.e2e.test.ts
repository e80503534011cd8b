import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, uniqueEmail, VIEWPORTS } from './support/browser';
import { signedInState, type StorageState } from './support/people';

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
