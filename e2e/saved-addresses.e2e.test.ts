import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeFindings, WCAG_TAGS } from './support/axe';
import { baseUrl, launchBrowser, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { addPlainLine, signedInState } from './support/people';

// Saved addresses (docs/product.md#saved-addresses): kept in the profile, offered at checkout with the default
// chosen, and the one chosen is the order's.
const api = (path: string) => `${baseUrl()}/api/v1${path}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const address = (label: string, line1: string, is_default = false) => ({
  label,
  address_line1: line1,
  address_line2: '',
  city: 'Mesa',
  state: 'AZ',
  zip_code: '85201',
  is_default,
});

async function openAs(email: string, viewport: { width: number; height: number }) {
  const state = await signedInState(browser, email);
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), storageState: state, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

const axe = (page: Page) => axeFindings(page, WCAG_TAGS);

describe.each([
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const)('saved addresses at %s', (size, viewport) => {
  it('a saved address chosen at checkout is the order’s; a new one can be saved; the profile edits them', async () => {
    const { context, page, errors } = await openAs(uniqueEmail(`addr-${size}`, 'dvfire.gov'), viewport);
    for (const body of [address('Station 4', '4 Station Way', true), address('Engine 9', '9 Engine Road')]) {
      const res = await context.request.post(api('/profile/addresses'), { data: body });
      expect(res.status(), await res.text()).toBe(201);
    }
    await addPlainLine(context);

    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Place order' }).waitFor();
    await page
      .getByRole('radiogroup', { name: 'Delivery' })
      .getByRole('radio', { name: /Shipping/ })
      .click();
    const shipTo = page.getByRole('radiogroup', { name: 'Ship to' });
    await shipTo.waitFor();
    // The default is chosen first; the fields of a new address are not shown until asked for.
    expect(await shipTo.getByRole('radio', { checked: true }).textContent()).toContain('Station 4');
    expect(await page.getByLabel('Address line 1').count()).toBe(0);
    await shipTo.getByRole('radio', { name: /A new address/ }).click();
    await page.getByLabel('Address line 1').waitFor();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `saved-addresses-checkout-new-${size}`);
    await shipTo.getByRole('radio', { name: /Engine 9/ }).click();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `saved-addresses-checkout-${size}`);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((u) => /^\/orders\/\d+\/placed$/.test(u.pathname), { timeout: 15_000 });
    const id = Number(new URL(page.url()).pathname.split('/')[2]);

    await page.goto(`/orders?order=${id}`);
    const detail = page.getByRole('dialog');
    await detail.getByText(/Shipping to 9 Engine Road, Mesa, AZ 85201/).waitFor();
    await page.keyboard.press('Escape');

    // A new address typed at checkout and saved shows in the profile, where it can be made the default.
    await addPlainLine(context);
    await page.goto('/checkout');
    await page
      .getByRole('radiogroup', { name: 'Delivery' })
      .getByRole('radio', { name: /Shipping/ })
      .click();
    await page
      .getByRole('radiogroup', { name: 'Ship to' })
      .getByRole('radio', { name: /A new address/ })
      .click();
    await page.getByLabel('Address line 1').fill('12 Ladder Lane');
    await page.getByLabel('City').fill('Tempe');
    await page.getByLabel('ZIP code').fill('85281');
    await page.getByLabel('Save this address to my profile').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((u) => /^\/orders\/\d+\/placed$/.test(u.pathname), { timeout: 15_000 });
    const saved = (await (await context.request.get(api('/profile/addresses'))).json()).addresses as {
      address_line1: string;
    }[];
    expect(saved.map((a) => a.address_line1)).toEqual(['4 Station Way', '9 Engine Road', '12 Ladder Lane']);

    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Edit Profile' });
    const list = profile.getByTestId('saved-addresses');
    await list.getByText('12 Ladder Lane, Tempe AZ 85281').waitFor();
    await profile.getByRole('button', { name: /^Make default: 12 Ladder Lane/ }).click();
    await expect.poll(async () => (await list.locator('li').first().textContent()) ?? '').toContain('12 Ladder Lane');
    await profile.getByRole('button', { name: 'Edit Engine 9' }).click();
    const form = profile.getByRole('form', { name: 'Edit address' });
    await form.getByLabel('ZIP code').fill('123');
    await form.getByRole('button', { name: 'Save address' }).click();
    await form.getByText('ZIP code must be 5 digits').waitFor();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `saved-addresses-profile-${size}`);
    await form.getByLabel('ZIP code').fill('85202');
    await form.getByRole('button', { name: 'Save address' }).click();
    await list.getByText('9 Engine Road, Mesa AZ 85202').waitFor();
    await profile.getByRole('button', { name: 'Delete Station 4' }).click();
    await expect.poll(async () => list.locator('li').count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
