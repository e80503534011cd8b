import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { addPlainLine, placeOrder, signedInState, type StorageState } from './support/people';

// WCAG 2.5.8 (target size, minimum): every control a customer uses is at least 24 by 24 CSS px, or far enough from
// the others (a 24 px circle on its centre touches no other target), or a link inside a sentence.
let browser: Browser;
let customer: StorageState;
let orderId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await signedInState(browser, uniqueEmail('targets'));
  const context = await browser.newContext({ baseURL: baseUrl(), storageState: customer });
  await addPlainLine(context);
  orderId = (await placeOrder(context)).id;
  await addPlainLine(context, 1, 2);
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

/** The controls on the page smaller than 24x24 px that no exception covers, each as "name (w x h)". */
function smallTargets(page: Page, min = 24): Promise<string[]> {
  return page.evaluate((MIN) => {
    const selector =
      'a[href],button,input:not([type="hidden"]),select,textarea,summary,[role="button"],[role="link"],[role="radio"],[role="checkbox"],[role="switch"],[role="tab"],[role="menuitem"],[role="option"],[tabindex]:not([tabindex="-1"])';
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.opacity === '0') return false;
      // Visually hidden (sr-only) and off-screen skip links are not targets until they show.
      if (r.width <= 1 && r.height <= 1) return false;
      if (r.bottom < 0 || r.right < 0 || r.left > window.innerWidth) return false;
      return !el.closest('[inert],[aria-hidden="true"]');
    };
    // Inside an open dialog only the dialog counts: the page under it cannot be used.
    const dialog = document.querySelector('[role="dialog"][data-state="open"],[role="dialog"]:not([data-state])');
    const scope = dialog ?? document;
    const targets = [...scope.querySelectorAll(selector)].filter(visible);
    // A native radio or checkbox inside its label: the label is the target.
    const box = (el: Element) => {
      const input = el as HTMLInputElement;
      const label = (input.type === 'checkbox' || input.type === 'radio') && input.labels?.[0];
      return (label || el).getBoundingClientRect();
    };
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A') return false;
      const parent = el.parentElement;
      if (!parent || getComputedStyle(el).display !== 'inline') return false;
      return (parent.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
    };
    const rects = targets.map(box);
    const small = targets
      .map((el, i) => ({ el, r: rects[i]! }))
      .filter(({ el, r }) => (r.width < MIN - 0.5 || r.height < MIN - 0.5) && !inSentence(el));
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const circleHits = (r: DOMRect, other: DOMRect) => {
      const c = centre(r);
      const nx = Math.max(other.left, Math.min(c.x, other.right));
      const ny = Math.max(other.top, Math.min(c.y, other.bottom));
      return (nx - c.x) ** 2 + (ny - c.y) ** 2 < (MIN / 2) ** 2;
    };
    const smallSet = new Set(small.map((s) => s.el));
    const spaced = (el: Element, r: DOMRect) =>
      targets.every((other, j) => {
        if (other === el || other.contains(el) || el.contains(other)) return true;
        const o = rects[j]!;
        if (circleHits(r, o)) return false;
        if (!smallSet.has(other)) return true;
        const a = centre(r);
        const b = centre(o);
        return Math.hypot(a.x - b.x, a.y - b.y) >= MIN;
      });
    const name = (el: Element) =>
      (
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        el.tagName
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 50) || `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`;
    return small
      .filter(({ el, r }) => !spaced(el, r))
      .map(({ el, r }) => `${name(el)} (${Math.round(r.width)}x${Math.round(r.height)})`);
  }, min);
}

type Screen = {
  name: string;
  url: () => string;
  ready: (page: Page) => Promise<unknown>;
  open?: (page: Page) => Promise<unknown>;
};
const screens: Screen[] = [
  { name: 'landing', url: () => '/', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'store', url: () => '/store', ready: (p) => p.getByTestId('product-card').first().waitFor() },
  {
    name: 'customiser',
    url: () => '/store',
    ready: (p) => p.getByTestId('product-card').first().waitFor(),
    open: async (p) => {
      await p
        .getByRole('button', { name: /^Customize / })
        .first()
        .click();
      await p.getByRole('dialog').getByRole('radiogroup', { name: 'Size' }).waitFor();
    },
  },
  {
    name: 'cart',
    url: () => '/store',
    ready: (p) => p.getByTestId('product-card').first().waitFor(),
    open: async (p) => {
      const bar = p.getByTestId('mobile-cart-bar');
      const link = p.getByRole('link', { name: 'Proceed to Checkout' });
      // The bar shows once the cart has loaded, which can come after the products on a loaded machine.
      await bar.or(link).first().waitFor();
      if (await bar.isVisible()) {
        await bar.getByRole('button').click();
        await p.getByRole('dialog').getByText('Proceed to Checkout').waitFor();
      } else await link.waitFor();
    },
  },
  { name: 'checkout', url: () => '/checkout', ready: (p) => p.getByRole('button', { name: 'Place order' }).waitFor() },
  { name: 'orders', url: () => '/orders', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  {
    name: 'order-detail',
    url: () => `/orders?order=${orderId}`,
    ready: (p) => p.getByRole('dialog').waitFor(),
  },
  {
    name: 'profile',
    url: () => '/orders',
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
    open: async (p) => {
      await p.getByTestId('profile-menu-button').click();
      await p.getByRole('menuitem', { name: 'Profile' }).click();
      await p.getByRole('dialog', { name: 'Edit Profile' }).waitFor();
    },
  },
  {
    name: 'contact',
    url: () => '/orders',
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
    open: async (p) => {
      await p.getByRole('button', { name: /^Chat/ }).first().click();
      await p.getByRole('dialog').getByRole('textbox').first().waitFor();
    },
  },
];

describe.each([
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const)('controls of at least 24 px at %s', (size, viewport) => {
  it('on every customer screen', async () => {
    const context = await browser.newContext({
      viewport,
      baseURL: baseUrl(),
      storageState: customer,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    for (const screen of screens) {
      await page.goto(screen.url());
      await screen.ready(page);
      await screen.open?.(page);
      await page.waitForTimeout(100);
      await screenshot(page, `targets-${screen.name}-${size}`);
      const small = await smallTargets(page);
      if (small.length) found[screen.name] = small;
    }
    if (Object.keys(found).length) console.log(`controls under 24 px at ${size}:`, JSON.stringify(found, null, 2));
    expect(found).toEqual({});
    await context.close();
  }, 120_000);
});
