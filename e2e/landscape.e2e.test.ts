import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openLoginModal } from './support/auth';
import { baseUrl, launchBrowser, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { addPlainLine, signedInState } from './support/people';

// Short landscape phones (under 900 by 500, docs/product.md#screens-and-routes): the cart as a drawer from the
// header, the customise dialog's Add to Cart pinned in view, and the login dialog's own resend rule (at most 3
// resends, at least 30 s apart).
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('short landscape phone (844x390)', () => {
  it('opens the cart as a drawer from the header count, the lines getting the height', async () => {
    const state = await signedInState(browser, uniqueEmail('landscape'));
    const context = await browser.newContext({
      viewport: VIEWPORTS.phoneLandscape,
      baseURL: baseUrl(),
      storageState: state,
    });
    await addPlainLine(context, 0, 1);
    await addPlainLine(context, 1, 2);
    const page = await context.newPage();
    await page.goto('/store');
    const opener = page.getByTestId('cart-link').getByRole('button', { name: 'Cart, 3 items' });
    await opener.waitFor();
    expect(await page.getByTestId('store-sidebar').count()).toBe(0);
    await opener.click();
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    await drawer.getByRole('link', { name: 'Proceed to Checkout' }).waitFor();
    const lines = await drawer.getByRole('list', { name: 'Cart items' }).boundingBox();
    // The 384 px column left 45 px of lines at this height; beside the totals they get nearly all of it.
    expect(lines!.height).toBeGreaterThan(250);
    expect(await drawer.getByRole('list', { name: 'Cart items' }).getByRole('listitem').count()).toBe(2);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // Focus goes back to the header button that opened it; Radix does that in a timeout after the drawer unmounts.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Cart, 3 items');
    await context.close();
  });

  // Turning the phone from upright (390x844, the cart as a bottom sheet) to landscape with the sheet open hid the sheet
  // (it is for under 768 px) but left it open: the page stayed locked (no scroll, taps ignored) until a reload. The
  // sheet now closes as the layout leaves it, and the page is used at once.
  it('turned to landscape with the cart sheet open, the store is usable at once', async () => {
    const state = await signedInState(browser, uniqueEmail('landscape-turn'));
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl(), storageState: state });
    await addPlainLine(context, 0, 1);
    const page = await context.newPage();
    await page.goto('/store');
    await page
      .getByTestId('mobile-cart-bar')
      .getByRole('button', { name: /View cart/ })
      .click();
    const sheet = page.getByRole('dialog', { name: 'Shopping Cart' });
    await sheet.getByRole('link', { name: 'Proceed to Checkout' }).waitFor();
    await page.setViewportSize(VIEWPORTS.phoneLandscape);
    await sheet.waitFor({ state: 'detached' });
    await page.getByTestId('cart-link').getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    const locked = () =>
      page.evaluate(() => ({
        pointer: getComputedStyle(document.body).pointerEvents,
        overflow: getComputedStyle(document.body).overflow,
        hidden: document.querySelectorAll('[data-aria-hidden="true"]').length,
      }));
    expect(await locked()).toEqual({ pointer: 'auto', overflow: 'visible', hidden: 0 });
    // A tap reaches the page: the header's cart count opens the drawer.
    await page.getByTestId('cart-link').getByRole('button', { name: 'Cart, 1 item' }).click({ timeout: 5_000 });
    await sheet.getByRole('link', { name: 'Proceed to Checkout' }).waitFor();
    await context.close();
  });

  it("keeps the product dialog's Add to Cart in view, the form scrolling above it and reaching it by Tab", async () => {
    const state = await signedInState(browser, uniqueEmail('landscape-dialog'));
    const context = await browser.newContext({
      viewport: VIEWPORTS.phoneLandscape,
      baseURL: baseUrl(),
      storageState: state,
    });
    const page = await context.newPage();
    await page.goto('/store');
    await page
      .getByTestId('product-card')
      .first()
      .getByRole('button', { name: /^Customize / })
      .click();
    const dialog = page.getByRole('dialog');
    const add = dialog.getByRole('button', { name: /Add to Cart/ });
    await add.waitFor();
    const { height } = VIEWPORTS.phoneLandscape;
    // In view as the dialog opens, without scrolling: it sat some 600 px below the fold at this height.
    const inView = async () => {
      const box = (await add.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= height;
    };
    expect(await inView()).toBe(true);
    // Nothing is cut: the form scrolls under the pinned footer, and at its end the price summary clears the footer.
    const body = dialog.getByTestId('modal-body');
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const summary = (await dialog.getByTestId('price-summary').boundingBox())!;
    const footer = (await dialog.getByTestId('modal-footer').boundingBox())!;
    expect(summary.y + summary.height).toBeLessThanOrEqual(footer.y);
    expect(footer.y + footer.height).toBeLessThanOrEqual(height);
    expect(await inView()).toBe(true);
    // Reading and Tab order: the button follows the form's last field, and the dialog keeps focus (no trap outside it).
    const order = await dialog.evaluate((el) => {
      const focusable = [...el.querySelectorAll<HTMLElement>('button, input, select, textarea, [tabindex]')].filter(
        (e) => !e.hasAttribute('disabled') && e.tabIndex >= 0 && e.getClientRects().length > 0,
      );
      return focusable.map((e) => e.textContent?.trim() || e.getAttribute('aria-label') || e.tagName);
    });
    expect(order.at(-1)).toMatch(/^Add to Cart/);
    await dialog.getByRole('checkbox', { name: /Arizona flag patch/ }).focus();
    for (let i = 0; i < 10 && !(await add.evaluate((el) => el === document.activeElement)); i += 1)
      await page.keyboard.press('Tab');
    expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await inView()).toBe(true);
    await screenshot(page, 'landscape-product-dialog');
    // No size is chosen for the customer; then Enter in a field still submits the form through the footer's
    // button: the line is added.
    await dialog.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^M/ }).click();
    await dialog.locator('#dialog-quantity').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('cart-link').getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await context.close();
  }, 90_000);

  it('the login dialog allows 3 resends, not the server four', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phoneLandscape, baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto('/');
    await openLoginModal(page);
    await page.getByLabel('Email Address').fill(uniqueEmail('landscape'));
    await page.getByRole('button', { name: /send code/i }).click();
    await page.getByText('3 resend attempts remaining').waitFor();
    const resend = page.getByRole('button', { name: /Resend code in \d+s/ });
    expect(await resend.isDisabled()).toBe(true);
    // The server's first wait (60 s) is longer than the dialog's 30 s, so it is the one shown.
    const seconds = Number(/in (\d+)s/.exec((await resend.textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(30);
    await context.close();
  });
});
