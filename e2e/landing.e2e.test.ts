import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, screenshot, VIEWPORTS } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('first visit', () => {
  it('serves the landing page and a healthy API', async () => {
    const { page, context, consoleErrors } = await newPage(browser, VIEWPORTS.desktop);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.locator('#root').innerHTML()).not.toBe('');
    const health = await page.request.get(`${baseUrl()}/api/v1/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    await screenshot(page, 'landing-smoke-desktop');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('answers a reload on a deep link with the app, not a 404', async () => {
    const res = await fetch(`${baseUrl()}/admin/orders`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });
});
