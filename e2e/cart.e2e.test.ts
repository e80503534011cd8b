import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startSession } from './support/session';
import { launchBrowser, newPage, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

type Choice = {
  name?: { text: string; side: 'Left' | 'Right' };
  us?: 'Left' | 'Right';
  size?: string;
  order?: 'name-first' | 'flag-first';
};

async function openPolo(page: Page): Promise<Locator> {
  const card = page.getByTestId('product-card').filter({ hasText: 'Duty Polo' });
  await card.getByRole('button', { name: /^Customize / }).click();
  const dialog = page.getByRole('dialog', { name: /Duty Polo/ });
  await dialog.waitFor();
  return dialog;
}

async function choose(dialog: Locator, c: Choice) {
  // Nothing is preselected for a customer who has not ordered the garment before.
  await dialog
    .getByRole('radiogroup', { name: 'Size' })
    .getByRole('radio', { name: new RegExp(`^${c.size ?? 'M'}`) })
    .click();
  const name = async () => {
    if (!c.name) return;
    const box = dialog.getByRole('checkbox', { name: /Embroidered name/ });
    if (!(await box.isChecked())) await box.check();
    await dialog.getByLabel('Name to embroider').fill(c.name.text);
    // A name is added only once its spelling is confirmed.
    await dialog.getByRole('checkbox', { name: 'The spelling is correct' }).check();
    await dialog
      .getByRole('radiogroup', { name: 'Embroidered name side' })
      .getByRole('radio', { name: c.name.side })
      .click();
  };
  const us = async () => {
    if (!c.us) return;
    const box = dialog.getByRole('checkbox', { name: /US flag patch/ });
    if (!(await box.isChecked())) await box.check();
    await dialog.getByRole('radiogroup', { name: 'US flag patch side' }).getByRole('radio', { name: c.us }).click();
  };
  if (c.order === 'flag-first') {
    await us();
    await name();
  } else {
    await name();
    await us();
  }
}

/** The cart panel: the sidebar on desktop, the bottom sheet (opened from the cart bar) on phones. */
async function cartPanel(page: Page, phone: boolean): Promise<Locator> {
  if (!phone) return page.getByTestId('store-sidebar');
  const sheet = page.getByRole('dialog', { name: 'Shopping Cart' });
  if (!(await sheet.isVisible())) await page.getByTestId('mobile-cart-bar').getByRole('button').click();
  await sheet.waitFor();
  return sheet;
}
const closePanel = async (page: Page, phone: boolean) => {
  if (phone) await page.getByRole('button', { name: 'Close cart' }).click();
};

async function expectTotalsMatchApi(page: Page, panel: Locator) {
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/v1/cart/');
      const { cart } = await res.json();
      const shown = [
        await panel.getByTestId('cart-subtotal').textContent(),
        await panel.getByTestId('cart-tax').textContent(),
        await panel.getByTestId('cart-total').textContent(),
      ];
      return JSON.stringify(shown) === JSON.stringify([usd(cart.subtotal), usd(cart.tax_amount), usd(cart.total)]);
    })
    .toBe(true);
}

describe.each([
  ['desktop', VIEWPORTS.desktop, false],
  ['phone', VIEWPORTS.phone, true],
] as const)('store and cart at %s', (label, viewport, phone) => {
  it('adds, merges, splits by size, edits, removes and empties', async () => {
    const { page, context, consoleErrors } = await newPage(browser, viewport);
    await startSession(context, uniqueEmail('cart'));
    // A first sign-in asks for the profile (a persistent modal); this journey is about the store.
    const profile = await context.request.put('/api/v1/users/profile/', {
      data: {
        first_name: 'Maria',
        last_name: 'Garcia',
        phone: '6025550143',
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
    await page.waitForLoadState('networkidle');
    await screenshot(page, `store-${label}`);

    // 1. A polo with a name on the left and a US flag on the right.
    let dialog = await openPolo(page);
    // No size is chosen for the customer: adding without one asks for it.
    expect(await dialog.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { checked: true }).count()).toBe(
      0,
    );
    await dialog.getByRole('button', { name: /Add to Cart/ }).click();
    await expect.poll(() => dialog.getByRole('alert').filter({ hasText: 'Choose a size' }).count()).toBe(1);
    await choose(dialog, { name: { text: 'Garcia', side: 'Left' }, us: 'Right' });
    await expect.poll(() => dialog.getByTestId('dialog-line-total').textContent()).toBe(usd(32 + 12));
    await screenshot(page, `store-dialog-${label}`);
    await dialog.getByRole('button', { name: /Add to Cart/ }).click();
    await dialog.waitFor({ state: 'detached' });

    // 2. The same again, chosen in the other order: still one line, quantity 2.
    dialog = await openPolo(page);
    await choose(dialog, { us: 'Right', name: { text: 'Garcia', side: 'Left' }, order: 'flag-first' });
    await dialog.getByRole('button', { name: /Add to Cart/ }).click();
    await dialog.waitFor({ state: 'detached' });
    let panel = await cartPanel(page, phone);
    await expect.poll(() => panel.getByTestId('cart-line').count()).toBe(1);
    await expect.poll(() => panel.getByTestId('line-quantity').first().textContent()).toBe('2');
    await expectTotalsMatchApi(page, panel);
    await closePanel(page, phone);

    // 3. Another size is another line.
    dialog = await openPolo(page);
    await choose(dialog, { size: 'XL', name: { text: 'Garcia', side: 'Left' }, us: 'Right' });
    await dialog.getByRole('button', { name: /Add to Cart/ }).click();
    await dialog.waitFor({ state: 'detached' });
    panel = await cartPanel(page, phone);
    await expect.poll(() => panel.getByTestId('cart-line').count()).toBe(2);
    await expectTotalsMatchApi(page, panel);
    await screenshot(page, `store-cart-${label}`);

    // 4. Edit the first line's name (delete and add again).
    await panel.getByTestId('cart-line').first().getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: /Edit Duty Polo/ });
    await dialog.waitFor();
    await dialog.getByLabel('Name to embroider').fill('Ruiz');
    expect(await dialog.getByRole('button', { name: /Save Changes/ }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'The spelling is correct' }).check();
    await dialog.getByRole('button', { name: /Save Changes/ }).click();
    await dialog.waitFor({ state: 'detached' });
    panel = await cartPanel(page, phone);
    await expect.poll(() => panel.getByText('“Ruiz”').count()).toBe(1);
    await expect.poll(() => panel.getByTestId('cart-line').count()).toBe(2);
    await expectTotalsMatchApi(page, panel);
    const api = await (await page.request.get('/api/v1/cart/')).json();
    const ruiz = api.cart.items.find((i: { customizations: { text: string | null }[] }) =>
      i.customizations.some((c) => c.text === 'Ruiz'),
    );
    expect(ruiz).toMatchObject({ quantity: 2, size: 'M' });

    // 5. Remove a line.
    await panel
      .getByTestId('cart-line')
      .first()
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect.poll(() => panel.getByTestId('cart-line').count()).toBe(1);
    await expectTotalsMatchApi(page, panel);

    // 6. Empty the cart.
    await panel.getByRole('button', { name: 'Empty cart' }).click();
    await expect.poll(() => panel.getByText('Your cart is empty').isVisible()).toBe(true);
    expect(await panel.getByText('Add some items to get started!').isVisible()).toBe(true);
    // The page empties at once; the server's cart once the DELETE has answered.
    await expect.poll(async () => (await (await page.request.get('/api/v1/cart/')).json()).cart.items.length).toBe(0);
    await screenshot(page, `store-empty-cart-${label}`);

    expect(consoleErrors.filter((e) => !/Failed to load resource.*404/.test(e))).toEqual([]);
    await context.close();
    // A long journey (five dialog round trips) on a shared machine: more than the project's 60 s default.
  }, 120_000);
});
