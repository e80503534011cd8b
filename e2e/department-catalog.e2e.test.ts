import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { signedInState } from './support/people';

// Department catalogues in Chromium: an admin limits a department to two garments in the department
// form's picker, marks one required, and a member sees only those two in the store.
const api = (p: string) => `${baseUrl()}/api/v1${p}`;
const domain = `catalog-${process.pid}.gov`;
const DEPT = `Catalogue Fire ${process.pid}`;
let browser: Browser;
let admin: BrowserContext;
let departmentId: number;

type Product = { id: number; name: string; base_name: string };
let products: Product[];
const product = (name: string) => products.find((p) => p.name === name)!;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await browser.newContext({ baseURL: baseUrl(), storageState: await signedInState(browser, E2E_ADMIN) });
  const res = await admin.request.post(api('/departments/'), {
    data: { name: DEPT, domains: [domain], requires_approval: false },
  });
  expect(res.status()).toBe(201);
  departmentId = (await res.json()).department.id;
  products = (await (await admin.request.get(api('/products/'))).json()).products;
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

describe('a department catalogue', () => {
  it('the admin limits the department to two garments, one required, in the department form', async () => {
    const page = await admin.newPage();
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/admin/users');
    await page.getByRole('tab', { name: 'Departments' }).click();
    await page.getByRole('button', { name: `Edit ${DEPT}` }).click();
    await page.getByLabel('Limit to chosen garments').check();
    await page.getByPlaceholder('Search garments or colours').fill('polo');
    await expect.poll(() => page.getByTestId('picker-garment').count()).toBe(1);
    await page.getByLabel('Duty Polo - Navy', { exact: true }).check();
    await page.getByLabel('Duty Polo - Navy: required for your uniform').check();
    await page.getByPlaceholder('Search garments or colours').fill('station t');
    await page.getByLabel('Station T-Shirt - Navy', { exact: true }).check();
    await page.getByPlaceholder('Search garments or colours').fill('');
    await page.getByText('2 colours chosen.').waitFor();
    await page.getByLabel('Duty Polo - Navy', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'department-catalog-picker-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByLabel('Duty Polo - Navy', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'department-catalog-picker-phone');
    await page.getByRole('button', { name: 'Save Department' }).click();
    await page.getByRole('button', { name: 'Save Department' }).waitFor({ state: 'detached' });
    await page.close();

    const dept = (await (await admin.request.get(api('/departments/'))).json()).departments.find(
      (d: { id: number }) => d.id === departmentId,
    );
    const polo = product('Duty Polo - Navy').id;
    const tee = product('Station T-Shirt - Navy').id;
    expect(dept.product_ids).toEqual([polo, tee].sort((a, b) => a - b));
    expect(dept.required_product_ids).toEqual([polo]);
  });

  it('a member sees only those two garments, the required one marked, and cannot add another', async () => {
    const state = await signedInState(browser, uniqueEmail('member', domain));
    for (const [name, viewport] of [
      ['desktop', VIEWPORTS.desktop],
      ['phone', VIEWPORTS.phone],
    ] as const) {
      const { context, page, consoleErrors } = await newPage(browser, viewport);
      await context.addCookies(state.cookies);
      await page.goto('/store');
      await page.getByTestId('product-card').first().waitFor();
      const cards = page.getByTestId('product-card');
      expect(await cards.count()).toBe(2);
      const titles = await cards.locator('h3').allTextContents();
      expect(titles.sort()).toEqual(['Duty Polo', 'Station T-Shirt']);
      expect(await cards.filter({ hasText: 'Duty Polo' }).textContent()).toContain('Required for your uniform');
      expect(await cards.filter({ hasText: 'Station T-Shirt' }).textContent()).not.toContain('Required');
      await screenshot(page, `department-catalog-store-${name}`);
      expect(consoleErrors).toEqual([]);
      if (name === 'desktop') {
        const other = product('Softshell Jacket - Black');
        const refused = await context.request.post(api('/cart/items'), {
          data: { product_id: other.id, size: 'M', quantity: 1, customizations: [] },
        });
        expect(refused.status()).toBe(403);
        expect((await refused.json()).detail).toBe("This item is not in your department's catalogue");
      }
      await context.close();
    }

    // Someone outside the department still sees the whole catalogue.
    const outsider = await signedInState(browser, uniqueEmail('outsider'));
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await context.addCookies(outsider.cookies);
    await page.goto('/store');
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(2);
    await context.close();
  });
});
