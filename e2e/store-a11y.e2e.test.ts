import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startSession } from './support/session';
import { launchBrowser, newPage, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';

// The customise dialog as a customer meets it: the preview shows the whole name where it is sewn, the spelling is
// confirmed before adding, switched-off options choose no side, the card's colour carries into the dialog, and
// focus and the "Added to cart" announcement land where a keyboard and screen reader user expects them; Add to Cart
// is in view as the dialog opens, and the category pills wrap rather than run off the side.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LONG_NAME = 'Maximiliano De La Rosa'.slice(0, 20);

async function signedInStore(context: BrowserContext, page: Page) {
  await startSession(context, uniqueEmail('store-a11y'));
  const profile = await context.request.put('/api/v1/users/profile/', {
    data: {
      first_name: 'Ana',
      last_name: 'Rosa',
      phone: '6025550177',
      address_line1: null,
      address_line2: null,
      city: null,
      state: 'AZ',
      zip_code: null,
    },
  });
  expect(profile.status()).toBe(200);
  await page.goto('/store');
  await page.getByTestId('product-card').first().waitFor();
}

/** The whole element lies within the viewport's height as it is, without scrolling. */
async function expectInViewport(l: Locator, height: number) {
  const box = (await l.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const poloCard = (page: Page) => page.getByTestId('product-card').filter({ hasText: 'Duty Polo' });
const customizeButton = (page: Page) => poloCard(page).getByRole('button', { name: /^Customize / });
const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

async function openPolo(page: Page): Promise<Locator> {
  await customizeButton(page).click();
  const dialog = page.getByRole('dialog', { name: /Duty Polo/ });
  await dialog.waitFor();
  return dialog;
}

/** The radios of a side picker that are chosen, and whether every radio is disabled. */
async function sideState(dialog: Locator, label: string) {
  const group = dialog.getByRole('radiogroup', { name: label });
  const radios = group.getByRole('radio');
  const checked = await group.locator('[role="radio"][aria-checked="true"]').count();
  const disabled = await radios.evaluateAll((els) => els.every((el) => (el as HTMLButtonElement).disabled));
  return { checked, disabled };
}

/** The name's text box lies inside the preview's box, and the whole text is drawn (no cut, no ellipsis). */
async function expectWholeNameVisible(dialog: Locator, name: string) {
  const preview = dialog.getByTestId('garment-preview');
  const text = preview.getByTestId('preview-name');
  await expect.poll(() => text.textContent()).toBe(name);
  const outer = (await preview.boundingBox())!;
  const inner = (await text.boundingBox())!;
  expect(inner.width).toBeGreaterThan(0);
  expect(inner.x).toBeGreaterThanOrEqual(outer.x);
  expect(inner.y).toBeGreaterThanOrEqual(outer.y);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height);
  // Fitted inside its embroidery box (the dashed outline beside it) too, and drawn to its last character.
  const fit = await text.evaluate((el) => {
    const t = el as SVGTextElement;
    const box = t.parentElement!.querySelector('rect')!.getBBox();
    return { width: t.getComputedTextLength(), box: box.width, chars: t.getNumberOfChars() };
  });
  expect(fit.width).toBeLessThanOrEqual(fit.box);
  expect(fit.chars).toBe(name.length);
  return { outer, inner };
}

describe.each([
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const)('customise dialog at %s', (label, viewport) => {
  it('keeps the card colour, shows no side for what is off, gates on spelling, shows the whole name, returns focus and announces', async () => {
    const { page, context, consoleErrors } = await newPage(browser, viewport);
    await signedInStore(context, page);

    // The category pills wrap inside the page: none hides off the side, and the one chosen is in view.
    const pills = page.getByRole('navigation', { name: 'Categories' });
    expect(await pills.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await pageScrollsSideways(page)).toBe(false);
    const boxes = await pills
      .getByRole('button')
      .evaluateAll((els) =>
        els.map((e) => ({ left: e.getBoundingClientRect().left, right: e.getBoundingClientRect().right })),
      );
    expect(boxes.length).toBeGreaterThan(3);
    for (const b of boxes) expect(b.left >= 0 && b.right <= viewport.width).toBe(true);
    const last = pills.getByRole('button').last();
    await last.click();
    // The category is kept in the URL now: the pill turns pressed once the page has read it back.
    await expect.poll(() => last.getAttribute('aria-pressed')).toBe('true');
    await pills.getByRole('button', { name: 'All' }).click();

    // The colour chosen on the card is the dialog's, and stays on reopening; a colour picked in the dialog shows on the card.
    // Images are content-addressed media: the same colour is the same base, whatever the size.
    const imageBase = (src: string | null) => (src ?? '').replace(/(-front|-back)?-\d+x\d+\.webp$/, '');
    const cardImage = () => poloCard(page).locator('img').first().getAttribute('src');
    const before = imageBase(await cardImage());
    await poloCard(page).getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: 'Fire Red' }).click();
    await expect.poll(async () => imageBase(await cardImage())).not.toBe(before);
    const fireRed = imageBase(await cardImage());
    let dialog = await openPolo(page);
    await expect.poll(() => dialog.getByText('Colour: Fire Red').count()).toBe(1);
    // Add to Cart is in view as the dialog opens (pinned under the scrolling form), at every size.
    await expectInViewport(dialog.getByRole('button', { name: /Add to Cart/ }), viewport.height);
    expect(imageBase(await dialog.getByTestId('garment-preview').locator('img').getAttribute('src'))).toBe(fireRed);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(customizeButton(page))).toBe(true);
    dialog = await openPolo(page);
    await expect.poll(() => dialog.getByText('Colour: Fire Red').count()).toBe(1);
    await dialog.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: 'Royal Blue' }).click();
    await expect.poll(() => dialog.getByText('Colour: Royal Blue').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(customizeButton(page))).toBe(true);
    expect(await poloCard(page).getByText('Royal Blue').count()).toBe(1);
    dialog = await openPolo(page);
    await expect.poll(() => dialog.getByText('Colour: Royal Blue').count()).toBe(1);

    // Switched off: no side is chosen and the picker cannot be used; switched on, the side shows.
    for (const side of ['Embroidered name side', 'US flag patch side', 'Arizona flag patch side'])
      expect(await sideState(dialog, side)).toEqual({ checked: 0, disabled: true });
    await dialog.getByRole('checkbox', { name: /US flag patch/ }).check();
    expect(await sideState(dialog, 'US flag patch side')).toEqual({ checked: 1, disabled: false });
    await dialog.getByRole('checkbox', { name: /US flag patch/ }).uncheck();
    expect(await sideState(dialog, 'US flag patch side')).toEqual({ checked: 0, disabled: true });

    // A name: Add to Cart waits for "The spelling is correct", and the hint says why.
    await dialog.getByRole('checkbox', { name: /Embroidered name/ }).check();
    await dialog.getByLabel('Name to embroider').fill(LONG_NAME);
    await dialog
      .getByRole('radiogroup', { name: 'Embroidered name side' })
      .getByRole('radio', { name: 'Left' })
      .click();
    await dialog.getByRole('checkbox', { name: /Arizona flag patch/ }).check();
    const add = dialog.getByRole('button', { name: /Add to Cart/ });
    const spelling = dialog.getByRole('checkbox', { name: 'The spelling is correct' });
    expect(await add.isDisabled()).toBe(true);
    const hint = dialog.getByTestId('spelling-needed');
    expect(await hint.textContent()).toMatch(/tick “The spelling is correct”/);
    expect(await add.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
    await spelling.check();
    expect(await add.isEnabled()).toBe(true);
    expect(await hint.count()).toBe(0);
    // Changing the name asks again.
    await dialog.getByLabel('Name to embroider').fill(`${LONG_NAME.slice(0, 19)}x`);
    expect(await spelling.isChecked()).toBe(false);
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByLabel('Name to embroider').fill(LONG_NAME);
    await spelling.check();

    // The whole 20-character name is drawn on the wearer's left chest, on the viewer's right of the front view.
    const { outer, inner } = await expectWholeNameVisible(dialog, LONG_NAME);
    expect(inner.x + inner.width / 2).toBeGreaterThan(outer.x + outer.width / 2);
    const placements = dialog.getByTestId('preview-placements');
    expect(await placements.getByRole('listitem').allTextContents()).toEqual([
      `Name - wearer's left chest: “${LONG_NAME}”`,
      'Arizona flag patch - left sleeve',
    ]);
    await dialog.getByTestId('garment-preview').scrollIntoViewIfNeeded();
    await screenshot(page, `store-a11y-preview-${label}`);

    // No size was chosen for the customer; they pick M.
    await dialog.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^M/ }).click();
    // Add: the dialog closes, focus is back on the card's Customize button, and the status region says so.
    await add.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(customizeButton(page))).toBe(true);
    const status = page.getByRole('status').filter({ hasText: 'Added to cart' });
    await expect.poll(() => status.textContent()).toMatch(/^Added to cart: Duty Polo - Royal Blue, size M/);
    expect(await status.getAttribute('aria-live')).toBe('polite');
    const cart = await (await page.request.get('/api/v1/cart/')).json();
    expect(cart.cart.items).toHaveLength(1);
    expect(cart.cart.items[0].customizations.find((c: { type: string }) => c.type === 'add_name')).toMatchObject({
      text: LONG_NAME,
      position: 'left_side',
    });
    await screenshot(page, `store-a11y-added-${label}`);

    expect(consoleErrors.filter((e) => !/Failed to load resource.*404/.test(e))).toEqual([]);
    await context.close();
  }, 150_000);
});

it('a multi-image garment shows its back view with the patches mirrored and no name, and the front again when the name changes', async () => {
  const { page, context } = await newPage(browser, VIEWPORTS.desktop);
  await signedInStore(context, page);
  await page
    .getByTestId('product-card')
    .filter({ hasText: 'Pullover Hoodie' })
    .getByRole('button', { name: /^Customize / })
    .click();
  const dialog = page.getByRole('dialog', { name: /Pullover Hoodie/ });
  await dialog.waitFor();
  await dialog.getByRole('checkbox', { name: /Embroidered name/ }).check();
  await dialog.getByLabel('Name to embroider').fill('Ortiz');
  await dialog.getByRole('checkbox', { name: /US flag patch/ }).check();
  const preview = dialog.getByTestId('garment-preview');
  expect(await preview.locator('img').getAttribute('src')).toMatch(/-front-500x500\.webp$/);
  await dialog.getByRole('radiogroup', { name: 'View' }).getByRole('radio', { name: 'back' }).click();
  await expect.poll(() => preview.locator('img').getAttribute('src')).toMatch(/-back-500x500\.webp$/);
  expect(
    await dialog
      .getByRole('radiogroup', { name: 'View' })
      .getByRole('radio', { name: 'back' })
      .getAttribute('aria-checked'),
  ).toBe('true');
  expect(await preview.getByTestId('preview-name').count()).toBe(0);
  expect(await dialog.getByText('The name is on the front.').count()).toBe(1);
  await screenshot(page, 'store-a11y-back-view');
  await dialog.getByLabel('Name to embroider').fill('Ortiz R');
  await expect.poll(() => preview.locator('img').getAttribute('src')).toMatch(/-front-500x500\.webp$/);
  await expectWholeNameVisible(dialog, 'Ortiz R');
  await context.close();
}, 120_000);
