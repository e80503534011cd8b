// Signs the measuring browser in or out by its cookie jar. Lighthouse resets caches and storage between runs but
// not cookies, so cookies set here reach every later run; the client also reads the 'signed_in' hint from
// document.cookie, which a request header alone would not give it.
import { chromium } from 'playwright-core';
import type { Customer } from './shop';

export async function setSignedIn(port: number, shopUrl: string, customer: Customer | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default browser context');
    await context.clearCookies();
    if (!customer) return;
    const expires = Math.floor(Date.now() / 1000) + 2 * 3600;
    await context.addCookies([
      { name: 'session', value: customer.access, url: shopUrl, httpOnly: true, sameSite: 'Lax', expires },
      { name: 'refresh', value: customer.refresh, url: shopUrl, httpOnly: true, sameSite: 'Lax', expires },
      { name: 'signed_in', value: '1', url: shopUrl, sameSite: 'Lax', expires },
    ]);
  } finally {
    // Disconnects only: a browser reached over CDP stays up for Lighthouse.
    await browser.close();
  }
}
