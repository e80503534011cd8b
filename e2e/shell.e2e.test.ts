import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { startSession } from './support/session';
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';

// The app shell of docs/product.md#screens-and-routes: which chrome each screen shows at the four sizes, keyboard use, axe, JSON-LD.
type Size = keyof typeof VIEWPORTS;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const SIZES = Object.keys(VIEWPORTS) as Size[];
const narrow = (size: Size) => VIEWPORTS[size].width < 768;

let browser: Browser;
let customer: StorageState;
let admin: StorageState;

/** Signs in through the API and completes the profile, so the persistent profile modal stays shut. */
async function signedInState(email: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  await startSession(context, email);
  const res = await context.request.put(`${baseUrl()}/api/v1/users/profile/`, {
    data: { first_name: 'Dana', last_name: 'Ramirez', phone: '6025550100', zip_code: '85009' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function open(state: StorageState | undefined, size: Size, url: string) {
  const context = await browser.newContext({ viewport: VIEWPORTS[size], baseURL: baseUrl(), storageState: state });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.goto(url);
  await page.getByTestId('header').or(page.getByTestId('hero-sign-in')).first().waitFor();
  return { context, page, consoleErrors };
}

const count = (page: Page, testId: string) => page.getByTestId(testId).count();
const texts = async (items: ReturnType<Page['getByRole']>) => (await items.allTextContents()).map((t) => t.trim());
const width = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())?.width;

/** Presses Tab until the element with the test id has focus: proof it is reachable by keyboard alone. */
async function tabTo(page: Page, testId: string, max = 30) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return;
  }
  throw new Error(`${testId} not reached with Tab`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await signedInState(uniqueEmail('shell'));
  admin = await signedInState(E2E_ADMIN);
  // One guest message, so the unread badge has something to count.
  const guest = await browser.newContext({ baseURL: baseUrl() });
  await guest.request.post(`${baseUrl()}/api/v1/contact`, {
    data: {
      name: 'Pat Guest',
      email: 'pat@example.test',
      message: 'Do you embroider department patches on caps?',
      recaptcha_token: '',
    },
  });
  await guest.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('landing page chrome', () => {
  const expectedLayout = {
    desktop: 'desktop',
    tablet: 'desktop',
    phone: 'mobile',
    phoneLandscape: 'mobile-landscape',
  } as const;

  for (const size of SIZES) {
    it(`at ${VIEWPORTS[size].width}x${VIEWPORTS[size].height}: ${expectedLayout[size]} layout, header unless short landscape, footer, no sidebar`, async () => {
      const { page, context, consoleErrors } = await newPage(browser, VIEWPORTS[size]);
      await page.goto('/');
      await page.getByTestId('hero-sign-in').waitFor();
      expect(await page.locator('[data-layout]').getAttribute('data-layout')).toBe(expectedLayout[size]);
      expect(await count(page, 'header')).toBe(size === 'phoneLandscape' ? 0 : 1);
      await expect.poll(() => page.getByTestId('chat-button').isVisible()).toBe(true);
      const footer = page.getByTestId('footer');
      await footer.scrollIntoViewIfNeeded();
      expect(await footer.textContent()).toContain('© 2025 Copper State Uniforms');
      expect(await footer.getByRole('link').getAttribute('href')).toMatch(/^https:\/\//);
      expect(await count(page, 'store-sidebar')).toBe(0);
      expect(await count(page, 'admin-sidebar')).toBe(0);
      expect(await count(page, 'profile-menu-button')).toBe(0);
      // Sections that sell the shop: services, ordering steps, opening hours, the visit block.
      for (const heading of ['What we do', 'How ordering works', 'Visit us'])
        await expect.poll(() => page.getByText(heading, { exact: true }).count()).toBe(1);
      expect(await page.getByText('Monday to Friday').count()).toBeGreaterThan(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(200);
      await screenshot(page, `landing-${size}`);
      await page.screenshot({ path: path.resolve(`artifacts/screenshots/landing-${size}-full.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('switches layout on resize after the debounce and on orientation change', async () => {
    const { page, context } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto('/');
    await page.getByTestId('hero-sign-in').waitFor();
    await page.setViewportSize(VIEWPORTS.phoneLandscape);
    await expect.poll(() => page.locator('[data-layout]').getAttribute('data-layout')).toBe('mobile-landscape');
    expect(await count(page, 'header')).toBe(0);
    await page.setViewportSize(VIEWPORTS.phone);
    // Within the 150 ms resize debounce, the orientation change itself switches it: watched in the page, where a
    // busy machine's round trips to the test cannot stretch the window.
    const layout = await page.evaluate(
      () =>
        new Promise<string | null>((resolve) => {
          const read = () => document.querySelector('[data-layout]')?.getAttribute('data-layout') ?? null;
          const started = performance.now();
          const check = () =>
            read() === 'mobile' || performance.now() - started > 120 ? resolve(read()) : setTimeout(check, 5);
          window.dispatchEvent(new Event('orientationchange'));
          check();
        }),
    );
    expect(layout).toBe('mobile');
    await context.close();
  });

  it('the calls to action emit the global events', async () => {
    const { page, context } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto('/');
    await page.getByTestId('hero-sign-in').waitFor();
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
      for (const name of ['open-login-modal', 'open-contact-modal'])
        window.addEventListener(name, () => seen.push(name));
    });
    // Each modal's code loads on demand: Escape only once it is open, or it would open after the key press.
    const dialog = page.getByRole('dialog');
    await page.getByTestId('hero-sign-in').click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('chat-button').click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
      'open-login-modal',
      'open-contact-modal',
    ]);
    await context.close();
  });

  for (const size of ['desktop', 'phone'] as const) {
    it(`has no serious or critical axe violations at ${size} size`, async () => {
      // axe is injected as a script tag, which the shop's CSP rightly refuses: this one context bypasses it.
      const context = await browser.newContext({ viewport: VIEWPORTS[size], baseURL: baseUrl(), bypassCSP: true });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByText('Visit us', { exact: true }).waitFor();
      const violations = await axeFindings(page);
      expect(violations).toEqual([]);
      await context.close();
    });
  }

  it('paints the shop’s header and an accessible loading status before its scripts run, then the store', async () => {
    // axe is injected as a script tag, which the shop's CSP rightly refuses: this one context bypasses it.
    const context = await browser.newContext({
      viewport: VIEWPORTS.phone,
      baseURL: baseUrl(),
      storageState: customer,
      bypassCSP: true,
    });
    const held: Route[] = [];
    let released = false;
    await context.route('**/assets/*.js', (route) => (released ? route.continue() : void held.push(route)));
    const page = await context.newPage();
    await page.goto('/store', { waitUntil: 'commit' });
    await expect.poll(() => held.length, { message: 'the entry script is held' }).toBeGreaterThan(0);
    await page.getByRole('status').filter({ hasText: 'Loading' }).waitFor();
    expect(await page.getByText('Copper State Uniforms').isVisible()).toBe(true);
    const findings = await axeFindings(page);
    expect(findings).toEqual([]);
    released = true;
    for (const route of held.splice(0)) await route.continue();
    await page.getByTestId('store-sidebar').or(page.getByTestId('cart-link')).first().waitFor();
    expect(await page.locator('header').count(), 'the loading page gave way to the store’s own header').toBe(1);
    await context.close();
  });

  it('carries JSON-LD with the five types and the opening hours, and per-route title and Open Graph tags', async () => {
    const { page, context } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto('/');
    await expect.poll(() => page.locator('script[type="application/ld+json"]').count()).toBeGreaterThan(4);
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    );
    const types = new Set(blocks.map((b) => b['@type']));
    for (const t of ['Organization', 'LocalBusiness', 'GovernmentService', 'Product', 'BreadcrumbList'])
      expect(types).toContain(t);
    const local = blocks.find((b) => b['@type'] === 'LocalBusiness') as {
      openingHoursSpecification: { dayOfWeek: string[]; opens: string; closes: string }[];
      telephone: string;
    };
    expect(local.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '17:00',
      },
    ]);
    const product = blocks.find((b) => b['@type'] === 'Product') as { offers: { priceCurrency: string } };
    expect(product.offers.priceCurrency).toBe('USD');
    expect(await page.title()).toContain('Copper State Uniforms');
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(await page.title());
    expect(await page.locator('meta[property="og:description"]').getAttribute('content')).toMatch(/embroidery/i);
    await context.close();
  });
});

describe('guarded screens', () => {
  it('send guests back to /', async () => {
    const { page, context } = await newPage(browser, VIEWPORTS.desktop);
    for (const url of ['/store', '/orders', '/checkout', '/admin/orders']) {
      await page.goto(url);
      await page.waitForURL((u) => u.pathname === '/');
    }
    await context.close();
  });

  for (const size of SIZES) {
    const { width: w, height: h } = VIEWPORTS[size];

    it(`store at ${w}x${h}: logo, chat, profile; cart sidebar of 384 px or the header cart link; no footer`, async () => {
      const { page, context, consoleErrors } = await open(customer, size, '/store');
      expect(await count(page, 'chat-button')).toBe(1);
      expect(await count(page, 'profile-menu-button')).toBe(1);
      expect(
        await page
          .getByTestId('header')
          .getByRole('link', { name: /^Copper State Uniforms/ })
          .count(),
      ).toBe(1);
      // Short landscape phones have no sidebar either: the header's cart count opens a drawer.
      if (narrow(size) || size === 'phoneLandscape') {
        expect(await count(page, 'store-sidebar')).toBe(0);
        expect(await count(page, 'cart-link')).toBe(1);
      } else {
        expect(await width(page, 'store-sidebar')).toBe(384);
        expect(await count(page, 'cart-link')).toBe(0);
      }
      expect(await count(page, 'footer')).toBe(0);
      await screenshot(page, `shell-store-${size}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });

    it(`orders at ${w}x${h}: logo, chat, profile and a footer; no sidebar`, async () => {
      const { page, context } = await open(customer, size, '/orders');
      expect(await count(page, 'chat-button')).toBe(1);
      expect(await count(page, 'profile-menu-button')).toBe(1);
      expect(await count(page, 'footer')).toBe(1);
      expect(await count(page, 'store-sidebar')).toBe(0);
      expect(await count(page, 'admin-sidebar')).toBe(0);
      await context.close();
    });

    it(`checkout at ${w}x${h}: Back to Store, centred logo except on portrait phones, chat, profile; no footer`, async () => {
      const { page, context } = await open(customer, size, '/checkout');
      const header = page.getByTestId('header');
      expect(await header.getByRole('link', { name: 'Back to Store' }).count()).toBe(1);
      expect(await header.getByRole('link', { name: /^Copper State Uniforms/ }).count()).toBe(size === 'phone' ? 0 : 1);
      expect(await count(page, 'chat-button')).toBe(1);
      expect(await count(page, 'profile-menu-button')).toBe(1);
      expect(await count(page, 'footer')).toBe(0);
      expect(await count(page, 'store-sidebar')).toBe(0);
      await header.getByRole('link', { name: 'Back to Store' }).click();
      await page.waitForURL((u) => u.pathname === '/store');
      await context.close();
    });

    it(`admin orders at ${w}x${h}: 320 px Admin Menu with badges, or the counts item and hamburger on phones; no footer`, async () => {
      const { page, context } = await open(admin, size, '/admin/orders');
      expect(await count(page, 'profile-menu-button')).toBe(1);
      expect(await count(page, 'footer')).toBe(0);
      if (narrow(size)) {
        expect(await count(page, 'admin-sidebar')).toBe(0);
        expect(await count(page, 'admin-menu-button')).toBe(1);
        const counts = page.getByTestId('admin-mobile-counts');
        expect(await counts.isVisible()).toBe(true);
        await expect.poll(() => counts.getByTestId('mobile-unread-count').textContent()).toMatch(/^[1-9]\d*$/);
        expect(await counts.getByTestId('mobile-pending-count').textContent()).toMatch(/^\d+$/);
      } else {
        expect(await width(page, 'admin-sidebar')).toBe(320);
        expect(await count(page, 'admin-mobile-counts')).toBe(0);
        expect(await count(page, 'admin-menu-button')).toBe(0);
        const sidebar = page.getByTestId('admin-sidebar');
        expect(await sidebar.getByText('Admin Menu').count()).toBe(1);
        expect(await texts(sidebar.getByRole('link'))).toEqual([
          'Today',
          expect.stringMatching(/^Orders/),
          'Production',
          'Catalogue',
          'Artwork',
          'Quotes',
          'Users',
          expect.stringMatching(/^Message Center/),
          'Reports',
          'Settings',
          'Audit log',
          'Mail',
        ]);
        // The unread badge sits on the Message Center entry.
        await expect
          .poll(() =>
            sidebar
              .getByRole('link', { name: /Message Center/ })
              .getByTestId('sidebar-unread-badge')
              .count(),
          )
          .toBe(1);
      }
      await screenshot(page, `shell-admin-${size}`);
      await context.close();
    });
  }

  it('keeps customers out of the admin area', async () => {
    const { page, context } = await open(customer, 'desktop', '/admin/orders');
    await page.waitForURL((u) => u.pathname === '/store');
    await context.close();
  });
});

describe('menus from the keyboard alone', () => {
  it('profile dropdown opens with Enter, moves with arrows, closes with Escape and navigates', async () => {
    const { page, context } = await open(customer, 'desktop', '/orders');
    await tabTo(page, 'profile-menu-button');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await texts(menu.getByRole('menuitem'))).toEqual([
      'Home',
      'Store',
      'My Orders',
      'My artwork',
      'Messages',
      'Profile',
      'Logout',
    ]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // Radix hands the focus back to the trigger in a task after the menu unmounts.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('profile-menu-button');
    await page.keyboard.press('ArrowDown');
    await menu.waitFor();
    // Home is focused on open; the next key press must come after that focus, as a person's would.
    await page.waitForFunction(
      () =>
        document.activeElement?.getAttribute('role') === 'menuitem' &&
        document.activeElement.textContent?.trim() === 'Home',
    );
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Store');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/store');
    await context.close();
  });

  it('offers Admin Dashboard to staff outside the admin pages only', async () => {
    const { page, context } = await open(admin, 'desktop', '/store');
    await tabTo(page, 'profile-menu-button');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/admin/orders');
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Admin Dashboard' }).count()).toBe(0);
    await context.close();
  });

  it('admin hamburger menu works with the keyboard on phones', async () => {
    const { page, context } = await open(admin, 'phone', '/admin/orders');
    await tabTo(page, 'admin-menu-button');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await texts(menu.getByRole('menuitem'))).toEqual([
      'Today',
      expect.stringMatching(/^Orders/),
      'Production',
      'Catalogue',
      'Artwork',
      'Quotes',
      'Users',
      expect.stringMatching(/^Message Center/),
      'Reports',
      'Settings',
      'Audit log',
      'Mail',
    ]);
    // Opening from the keyboard moves focus onto the first item; the next key press must come after that.
    await page.waitForFunction(
      () =>
        document.activeElement?.getAttribute('role') === 'menuitem' &&
        document.activeElement.textContent?.startsWith('Today'),
    );
    await page.keyboard.press('ArrowDown'); // Today -> Orders
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Orders'));
    await page.keyboard.press('ArrowDown'); // Orders -> Production
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Production');
    await page.keyboard.press('ArrowDown'); // Production -> Catalogue
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Catalogue');
    await page.keyboard.press('ArrowDown'); // Catalogue -> Artwork
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Artwork');
    await page.keyboard.press('ArrowDown'); // Artwork -> Quotes
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Quotes');
    await page.keyboard.press('ArrowDown'); // Quotes -> Users
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Users');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/admin/users');
    await context.close();
  });

  it('admin sidebar links are reachable with Tab on desktop', async () => {
    const { page, context } = await open(admin, 'desktop', '/admin/orders');
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent ?? '')).startsWith('Message Center')) break;
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/admin/messages');
    await context.close();
  });
});

describe('logout', () => {
  it('ends the session, forgets the user and returns to /', async () => {
    const state = await signedInState(uniqueEmail('logout'));
    const { page, context } = await open(state, 'phone', '/orders');
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('hero-sign-in').waitFor();
    await page.goto('/store');
    await page.waitForURL((u) => u.pathname === '/');
    const me = await context.request.get(`${baseUrl()}/api/v1/auth/me`);
    expect(me.status()).toBe(401);
    await context.close();
  });
});
