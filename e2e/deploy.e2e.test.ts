import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, uniqueEmail, VIEWPORTS } from './support/browser';
import { signedInState } from './support/people';

// A tab opened before a deploy runs the previous build. Two deploys later the chunk of a screen it has not opened yet
// is gone from the server: here the first request for My Orders' chunk answers 404, as the server then would.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ORDERS_CHUNK = /\/assets\/orders-page-[\w-]+\.js$/;

async function openStore(failures: number): Promise<{ page: Page; documents: () => number; refused: () => number }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.desktop,
    baseURL: baseUrl(),
    storageState: await signedInState(browser, uniqueEmail('deploy')),
  });
  const page = await context.newPage();
  let refused = 0;
  await page.route(ORDERS_CHUNK, async (route) => {
    if (refused < failures) {
      refused += 1;
      await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
    } else {
      await route.continue();
    }
  });
  let documents = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents += 1;
  });
  await page.goto('/store');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return { page, documents: () => documents, refused: () => refused };
}

async function toMyOrders(page: Page) {
  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: 'My Orders' }).click();
}

describe('an open tab after a deploy removed its chunks', () => {
  it('reloads once and shows the screen from the new build', async () => {
    const { page, documents, refused } = await openStore(1);
    const before = documents();
    await toMyOrders(page);
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/orders$/);
    expect(refused()).toBe(1);
    expect(documents()).toBe(before + 1);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await page.context().close();
  });

  it('does not loop when the chunk is still missing after the reload: it says so and offers a reload', async () => {
    const { page, documents } = await openStore(Number.POSITIVE_INFINITY);
    const before = documents();
    await toMyOrders(page);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('button', { name: 'Reload the page' }).waitFor();
    // One reload for the missing chunk, then no more.
    await page.waitForTimeout(1000);
    expect(documents()).toBe(before + 1);
    await page.context().close();
  });
});
