import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, WCAG_TAGS } from './support/axe';
import type { Browser, Page } from 'playwright-core';
import { codeFromMail } from './support/auth';
import { baseUrl, launchBrowser, screenshot, uniqueEmail, VIEWPORTS, waitForMail } from './support/browser';
import { addPlainLine, completeProfile, placeOrder } from './support/people';
import { startSession } from './support/session';

// The storefront a customer meets before and after signing in: the landing catalogue and its product view, the
// return to that product after sign-in, store search and filters in the URL, order thumbnails, one vocabulary of
// statuses, and no reCAPTCHA words while the bot check is off (the shop under test runs without it).
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = ['desktop', 'phone'] as const;

/** A page whose context may inject axe (the shop's CSP rightly refuses the script otherwise). */
async function open(size: (typeof SIZES)[number]) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[size],
    baseURL: baseUrl(),
    bypassCSP: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

async function axe(page: Page): Promise<string[]> {
  // A colour transition half-way (a pill just pressed) would be measured at a colour it never rests at.
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length))
    .toBe(0);
  return axeFindings(page, WCAG_TAGS);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.each(SIZES)('at %s size', (size) => {
  it('a guest browses the catalogue, opens a garment, signs in to order and lands in its customiser', async () => {
    const { context, page, errors } = await open(size);
    // The phone's customer already has an account; the desktop's is new and passes the profile gate on the way.
    const email = uniqueEmail(`storefront-${size}`);
    if (size === 'phone') {
      const setup = await browser.newContext({ baseURL: baseUrl() });
      await startSession(setup, email);
      await completeProfile(setup, 'Lee', 'Ortiz');
      await setup.close();
    }
    await page.goto('/');
    const polo = page.getByTestId('landing-garment').filter({ hasText: 'Duty Polo' });
    await polo.scrollIntoViewIfNeeded();
    expect(await polo.textContent()).toContain('From $32.00');
    expect(await polo.getByRole('list', { name: /^Colours: Navy, Black/ }).count()).toBe(1);
    expect(await polo.textContent()).toContain('Takes: Embroidered name, US flag patch, Arizona flag patch');
    expect(await polo.getByRole('img', { name: 'Duty Polo - Navy' }).count()).toBe(1);
    const cap = page.getByTestId('landing-garment').filter({ hasText: 'Ball Cap' });
    expect(await cap.textContent()).toContain('Takes: Embroidered name');
    expect(await cap.textContent()).not.toContain('flag');
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `storefront-landing-catalogue-${size}`);

    await polo.getByRole('button', { name: 'View Duty Polo' }).click();
    const view = page.getByRole('dialog', { name: 'Duty Polo - Navy' });
    await view.waitFor();
    await view.getByRole('radio', { name: 'Black' }).click();
    await page.getByRole('dialog', { name: 'Duty Polo - Black' }).waitFor();
    expect(await page.getByRole('row', { name: '2XL $34.00' }).count()).toBe(1);
    await page.getByText('Embroidered name: left or right side (+$6.00)').waitFor();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `storefront-product-view-${size}`);

    await page.getByRole('button', { name: 'Sign in to order' }).click();
    await page.getByLabel('Email Address').waitFor();
    expect(await page.getByText(/reCAPTCHA/).count()).toBe(0);
    const since = Date.now();
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    const pin = codeFromMail(await waitForMail(email, /code/i, { since }));
    await page.getByLabel('Digit 1 of 6').waitFor();
    expect(await page.getByText(/reCAPTCHA|Privacy Policy/).count()).toBe(0);
    for (let i = 0; i < 6; i += 1) await page.getByLabel(`Digit ${i + 1} of 6`).fill(pin[i]!);

    await page.waitForURL('**/store**');
    if (size === 'desktop') {
      const profile = page.getByRole('dialog', { name: 'Complete Your Profile' });
      await profile.waitFor();
      // The customiser waits behind the profile gate.
      expect(await page.getByRole('dialog', { name: 'Duty Polo' }).count()).toBe(0);
      await profile.getByLabel('First name').fill('Sam');
      await profile.getByLabel('Last name').fill('Nguyen');
      await profile.getByLabel('Phone number').fill('6025550177');
      await profile.getByRole('button', { name: 'Save Profile' }).click();
    }
    const customiser = page.getByRole('dialog', { name: 'Duty Polo' });
    await customiser.waitFor();
    expect(await customiser.getByRole('radio', { name: 'Black' }).isChecked()).toBe(true);
    // The one-off parameter is gone, so a reload does not open the dialog again.
    expect(new URL(page.url()).search).toBe('');
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `storefront-customiser-after-sign-in-${size}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('store search and filters live in the URL: links, back and forward, and an empty result with a way out', async () => {
    const { context, page, errors } = await open(size);
    await startSession(context, uniqueEmail(`filters-${size}`));
    await completeProfile(context);
    await page.goto('/store?q=polo&colour=black');
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    expect(await cards.allTextContents()).toEqual([expect.stringContaining('Duty Polo')]);
    expect(await page.getByTestId('garment-count').textContent()).toMatch(/^1 of \d+ garments$/);
    // The colour asked for is the colour shown.
    expect(await cards.first().getByRole('radio', { name: 'Black' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Search garments').inputValue()).toBe('polo');
    expect(await page.getByTestId('colour-filter').inputValue()).toBe('black');
    expect(await axe(page)).toEqual([]);

    await page.getByLabel('Search garments').fill('');
    await page.getByTestId('decoration-filter').selectOption('az-flag');
    await page.waitForURL((u) => u.searchParams.get('decoration') === 'az-flag' && !u.searchParams.has('q'));
    await page.getByRole('button', { name: 'Headwear' }).click();
    await page.waitForURL((u) => u.searchParams.get('category') === 'headwear');
    await page.getByText('No garments match your search.').waitFor();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `storefront-store-no-match-${size}`);

    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('category') && u.searchParams.get('decoration') === 'az-flag');
    await cards.first().waitFor();
    expect(await page.getByRole('button', { name: 'Headwear' }).getAttribute('aria-pressed')).toBe('false');
    const decorated = await cards.allTextContents();
    expect(decorated.some((t) => t.includes('Cap') || t.includes('Pants'))).toBe(false);
    await page.goForward();
    await page.getByText('No garments match your search.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => u.pathname === '/store' && u.search === '');
    await cards.nth(5).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('my orders show garment photos and the same status words in the badge, the timeline and the contact form', async () => {
    const { context, page, errors } = await open(size);
    await startSession(context, uniqueEmail(`orders-${size}`));
    await completeProfile(context);
    await addPlainLine(context, 0);
    await addPlainLine(context, 4);
    const order = await placeOrder(context);
    const products = (await (await context.request.get(`${baseUrl()}/api/v1/products/`)).json()).products as {
      name: string;
    }[];

    await page.goto('/orders');
    const row = page.locator(`[data-testid="order-row"][data-order-number="${order.order_number}"]`);
    await row.waitFor();
    const thumbs = row.getByTestId('order-thumbnails').locator('img');
    expect(await thumbs.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt))).toEqual([
      products[0]!.name,
      products[4]!.name,
    ]);
    await expect
      .poll(() => thumbs.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    const words = 'Received, waiting for production';
    expect(await row.getByTestId('order-status').textContent()).toBe(words);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `storefront-orders-thumbnails-${size}`);

    await row.click();
    const timeline = page.getByTestId('order-timeline');
    await timeline.waitFor();
    expect(await timeline.locator('li').first().locator('p').first().textContent()).toBe(`Placed · ${words}`);
    await page.keyboard.press('Escape');
    await timeline.waitFor({ state: 'detached' });

    await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-contact-modal')));
    const contact = page.getByRole('dialog', { name: 'Contact Us' });
    await contact.getByLabel('Reason').selectOption('order_question');
    const choice = contact.getByLabel('Order').locator('option', { hasText: order.order_number });
    await expect.poll(() => choice.textContent()).toContain(`· ${words}`);
    expect(await contact.getByText(/reCAPTCHA/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
