import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, WCAG_TAGS } from './support/axe';
import { baseUrl, launchBrowser, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { signedInState, type StorageState } from './support/people';

// Decoration kinds as data in Chromium: an admin adds a department patch with its price and positions in the
// catalogue's Decoration kinds tab, ticks it on a garment in the garment editor, and the store's data offers it on
// that garment at its price (a cart line charges it); the customer ticks it with its text in the store's customiser
// and the cart line shows it. Switched off, the store no longer offers it. The new tab and the customiser with the
// kind are checked with axe at desktop and phone width.
let browser: Browser;
let adminState: StorageState;
let customerState: StorageState;
const SUFFIX = `${process.pid}${Date.now().toString(36).slice(-3)}`;
const LABEL = `Department patch ${SUFFIX}`;
const KEY = `department_patch_${SUFFIX}`;

type StoreProduct = { id: number; base_name: string; sizes: { label: string }[]; customizations: Allowed };
type Allowed = { type: string; sides: string[] }[];

const context = (
  state: StorageState,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<BrowserContext> =>
  browser.newContext({ baseURL: baseUrl(), viewport, bypassCSP: true, storageState: state });

const storeProducts = async (page: Page): Promise<StoreProduct[]> => {
  const res = await page.request.get(`${baseUrl()}/api/v1/products/`, { headers: { 'cache-control': 'no-cache' } });
  return (await res.json()).products as StoreProduct[];
};

/** axe clean at 1280 x 800 and 390 x 844, with a picture of each. */
async function checkBothWidths(page: Page, name: string, ready: (p: Page) => Promise<unknown>) {
  for (const [label, size] of [
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
  ] as const) {
    await page.setViewportSize(size);
    // The layouts pick the phone or desktop frame at load: a reload draws the page as a phone would.
    await page.reload();
    await ready(page);
    await screenshot(page, `decoration-kinds-${name}-${label}`);
    expect(await axeFindings(page, WCAG_TAGS), `${name} at ${label}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${label}`).toBeLessThanOrEqual(
      size.width,
    );
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminState = await signedInState(browser, E2E_ADMIN);
  customerState = await signedInState(browser, uniqueEmail('kinds'));
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the garment's customiser in the store and ticks the kind on the left sleeve with a text. */
async function customiseWithKind(page: Page, garment: string, text: string) {
  await page.goto('/store');
  const card = page.getByTestId('product-card').filter({ hasText: garment }).first();
  await card.getByRole('button', { name: /^Customize / }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(garment) });
  const box = dialog.getByRole('checkbox', { name: new RegExp(LABEL) });
  await expect.poll(() => dialog.getByTestId(`kind-${KEY}`).textContent()).toContain('+$4.50');
  await box.check();
  await dialog
    .getByRole('radiogroup', { name: `${LABEL} position` })
    .getByRole('radio', { name: 'Left sleeve' })
    .click();
  await dialog.getByLabel(`${LABEL} text`).fill(text);
  const sizes = dialog.getByRole('radiogroup', { name: 'Size' }).getByRole('radio');
  if (await sizes.count()) await sizes.first().click();
  await expect.poll(() => dialog.getByTestId('preview-placements').textContent()).toContain(`${LABEL} - left sleeve`);
  await dialog.getByTestId('preview-kind').waitFor();
  await dialog.getByTestId(`kind-${KEY}`).scrollIntoViewIfNeeded();
  return dialog;
}

/** The customer adds the kind with a text in the customiser (phone and desktop), and the cart line shows it. */
async function buyInCustomiser(garment: string) {
  const phone = await context(customerState, VIEWPORTS.phone);
  const small = await phone.newPage();
  await customiseWithKind(small, garment, 'Engine Seven');
  await screenshot(small, 'decoration-kinds-customiser-phone');
  expect(await axeFindings(small, WCAG_TAGS), 'the customiser at phone').toEqual([]);
  await phone.close();

  const desk = await context(customerState);
  const page = await desk.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const dialog = await customiseWithKind(page, garment, 'Engine Seven');
  await screenshot(page, 'decoration-kinds-customiser-desktop');
  expect(await axeFindings(page, WCAG_TAGS), 'the customiser at desktop').toEqual([]);
  await dialog.getByRole('button', { name: /Add to Cart/ }).click();
  await dialog.waitFor({ state: 'detached' });
  const line = page
    .getByTestId('store-sidebar')
    .getByTestId('cart-line')
    .filter({ hasText: `${LABEL} “Engine Seven” · Left sleeve` });
  await line.waitFor();
  const cart = (await (await page.request.get(`${baseUrl()}/api/v1/cart/`)).json()).cart;
  const bought = cart.items.find((i: { customizations: { text: string | null }[] }) =>
    i.customizations.some((c) => c.text === 'Engine Seven'),
  );
  expect(bought.unit_customization_price).toBe(4.5);
  expect(errors).toEqual([]);
  await desk.close();
}

describe('decoration kinds', () => {
  it('an admin adds a department patch, ticks it on a garment, and the store sells it at its price', async () => {
    const ctx = await context(adminState);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/admin/catalog?tab=decorations');
    const rows = page.getByTestId('kind-row');
    await rows.filter({ hasText: 'US flag patch' }).waitFor();
    await checkBothWidths(page, 'list', (p) => p.getByTestId('kind-row').first().waitFor());

    await page.getByRole('button', { name: 'New kind' }).click();
    const form = page.getByRole('dialog', { name: 'New decoration kind' });
    // The shared rules speak before anything is sent; the server's refusal of a taken key lands under the key.
    await form.getByLabel('Label').fill(LABEL);
    expect(await form.getByLabel('Key').inputValue()).toBe(KEY);
    await form.getByLabel('Price per piece ($)').fill('-1');
    await form.getByRole('button', { name: 'Add kind' }).click();
    await form.getByText('Price must be between 0 and 1000').waitFor();
    await form.getByText('Choose at least one position').waitFor();
    await form.getByLabel('Price per piece ($)').fill('4.50');
    await form.getByRole('checkbox', { name: 'Left sleeve' }).check();
    await form.getByRole('checkbox', { name: 'Right sleeve' }).check();
    await form.getByRole('checkbox', { name: /Takes a text/ }).check();
    await form.getByLabel('Key').fill('us_flag');
    await form.getByRole('button', { name: 'Add kind' }).click();
    await form.getByText('A decoration kind with this key already exists').waitFor();
    await screenshot(page, 'decoration-kinds-form-desktop');
    expect(await axeFindings(page, WCAG_TAGS), 'the kind form').toEqual([]);
    await form.getByLabel('Key').fill(KEY);
    await form.getByRole('button', { name: 'Add kind' }).click();
    await form.waitFor({ state: 'hidden' });
    const row = rows.filter({ hasText: LABEL });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/\$4\.50.*Left sleeve, Right sleeve.*Yes.*Offered/);

    // The garment editor offers the new kind on the positions it takes.
    await page.getByRole('tab', { name: 'Garments' }).click();
    const card = page.getByTestId('garment-card').first();
    const garment = (await card.getByRole('heading', { level: 2 }).textContent())!;
    await card.getByRole('button', { name: 'Edit garment' }).click();
    const editor = page.getByRole('dialog', { name: `Edit ${garment}` });
    const ticks = editor.getByTestId('kind-ticks').filter({ hasText: LABEL });
    await ticks.waitFor();
    expect(await ticks.getByRole('checkbox').count()).toBe(2);
    await editor.getByRole('checkbox', { name: `${LABEL} on the left sleeve` }).check();
    await editor.getByRole('button', { name: 'Save garment' }).click();
    await editor.waitFor({ state: 'hidden' });

    // The store's data: the kind at its price, the garment taking it on the left sleeve; a cart line charges it.
    const shop = await context(customerState);
    const kinds = (await (await shop.request.get(`${baseUrl()}/api/v1/decorations/`)).json()).kinds;
    expect(kinds.find((k: { key: string }) => k.key === KEY)).toMatchObject({ label: LABEL, price: 4.5 });
    const product = (await storeProducts(page)).find((p) => p.base_name === garment)!;
    expect(product.customizations).toContainEqual({ type: KEY, sides: ['left_sleeve'] });
    const added = await shop.request.post(`${baseUrl()}/api/v1/cart/items`, {
      data: {
        product_id: product.id,
        size: product.sizes[0]!.label,
        quantity: 1,
        customizations: { decorations: [{ kind: KEY, position: 'left_sleeve', text: 'Station Four' }] },
      },
    });
    expect(added.status(), await added.text()).toBe(200);
    const line = (await added.json()).cart.items.find((i: { product_id: number }) => i.product_id === product.id);
    expect(line.unit_customization_price).toBe(4.5);
    expect(line.customizations).toContainEqual(expect.objectContaining({ type: KEY, label: LABEL, cost: 4.5 }));
    await shop.close();
    await buyInCustomiser(garment);

    // Switched off, it stays listed for the admin and leaves the store's garment.
    await page.getByRole('tab', { name: 'Decoration kinds' }).click();
    await row.getByRole('button', { name: `Switch off ${LABEL}` }).click();
    await row.getByText('Switched off').waitFor();
    await expect
      .poll(async () => (await storeProducts(page)).find((p) => p.base_name === garment)!.customizations)
      .not.toContainEqual(expect.objectContaining({ type: KEY }));
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
