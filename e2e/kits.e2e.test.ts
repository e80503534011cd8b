import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { signedInState } from './support/people';

// Department kits in Chromium: an admin defines "Engine crew" for a department in the departments tab (two garments,
// a name on the polo), and a member adds it from the store in one step, a size each and the name once.
const api = (p: string) => `${baseUrl()}/api/v1${p}`;
const domain = `kits-${process.pid}.gov`;
const DEPT = `Kit Fire ${process.pid}`;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await browser.newContext({ baseURL: baseUrl(), storageState: await signedInState(browser, E2E_ADMIN) });
  const res = await admin.request.post(api('/departments/'), {
    data: { name: DEPT, domains: [domain], requires_approval: false },
  });
  expect(res.status()).toBe(201);
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

describe('department kits', () => {
  it('the admin defines a kit with a name on the polo in the departments tab', async () => {
    const page = await admin.newPage();
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/admin/users');
    await page.getByRole('tab', { name: 'Departments' }).click();
    await page.getByRole('button', { name: `Kits of ${DEPT}` }).click();
    const dialog = page.getByRole('dialog', { name: `Kits: ${DEPT}` });
    await dialog.getByText('No kits yet.').waitFor();
    await dialog.getByRole('button', { name: 'New kit' }).click();
    // Saving without a name or garment names both.
    await dialog.getByRole('button', { name: 'Save kit' }).click();
    await dialog.getByText('Enter a kit name').waitFor();
    await dialog.getByLabel('Kit name').fill('Engine crew');
    const polo = dialog.getByTestId('kit-row').nth(0);
    await polo.getByLabel('Garment 1', { exact: true }).selectOption({ label: 'Duty Polo - Navy' });
    await polo.getByLabel('Quantity').fill('2');
    await polo.getByLabel('Embroidered name').selectOption({ label: 'Left' });
    await dialog.getByRole('button', { name: 'Add a garment' }).click();
    const cap = dialog.getByTestId('kit-row').nth(1);
    await cap.getByLabel('Garment 2', { exact: true }).selectOption({ label: 'Structured Ball Cap - Black' });
    // A cap takes its name on the front only, and no flag patch.
    expect(await cap.getByLabel('US flag patch').count()).toBe(0);
    expect(await cap.getByLabel('Embroidered name').locator('option').allTextContents()).toEqual(['None', 'Front']);
    await cap.getByLabel('Embroidered name').selectOption({ label: 'Front' });
    await screenshot(page, 'kits-admin-form-desktop');
    await dialog.getByRole('button', { name: 'Save kit' }).click();
    await dialog.getByTestId('kit-card').filter({ hasText: 'Engine crew' }).waitFor();
    expect(await dialog.getByTestId('kit-card').textContent()).toContain(
      '2 × Duty Polo – Navy · Embroidered name (Left)',
    );
    await page.close();
  });

  it('a member adds the kit from the store: sizes chosen, the name once, both lines in the cart', async () => {
    const state = await signedInState(browser, uniqueEmail('crew', domain));
    for (const [name, viewport] of [
      ['phone', VIEWPORTS.phone],
      ['desktop', VIEWPORTS.desktop],
    ] as const) {
      const { context, page, consoleErrors } = await newPage(browser, viewport);
      await context.addCookies(state.cookies);
      await page.goto('/store');
      const strip = page.getByTestId('kits-strip');
      await strip.getByText('Engine crew').waitFor();
      await screenshot(page, `kits-store-${name}`);
      if (name === 'phone') {
        await strip.getByRole('button', { name: 'Add kit Engine crew' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add kit: Engine crew' });
        // Nothing is preselected for a garment with several sizes: adding without sizes or a name says what is missing.
        await dialog.getByRole('button', { name: 'Add kit to cart' }).click();
        await dialog.getByText('Enter the name to embroider').waitFor();
        expect(await dialog.getByText('Choose a size for every garment').count()).toBe(2);
        await dialog.getByLabel('Name to embroider').fill('RAMIREZ');
        await dialog.getByLabel('Size of Duty Polo').selectOption('L');
        await dialog.getByLabel('Size of Structured Ball Cap').selectOption({ index: 1 });
        await screenshot(page, 'kits-dialog-phone');
        await dialog.getByRole('button', { name: 'Add kit to cart' }).click();
        await dialog.waitFor({ state: 'detached' });
        const cart = (await (await context.request.get(api('/cart/'))).json()).cart;
        const lines = cart.items.map((i: { product_name: string; size: string; quantity: number }) => [
          i.product_name,
          i.size,
          i.quantity,
        ]);
        expect(lines).toContainEqual(['Duty Polo - Navy', 'L', 2]);
        expect(lines.some((l: [string, string, number]) => l[0] === 'Structured Ball Cap - Black' && l[2] === 1)).toBe(
          true,
        );
        const names = cart.items.flatMap((i: { customizations: { text: string | null }[] }) =>
          i.customizations.map((c) => c.text),
        );
        expect(names).toEqual(['RAMIREZ', 'RAMIREZ']);
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
