import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN } from './support/global-setup';
import { codeFromMail, openLoginModal, requestCode, signInViaApi, signInViaUi } from './support/auth';
import { launchBrowser, newPage, screenshot, uniqueEmail, VIEWPORTS, waitForMail } from './support/browser';
import { signedInState } from './support/people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const boxes = (page: Page) => page.getByRole('group', { name: 'Verification code' }).locator('input');
const boxValues = (page: Page) =>
  boxes(page).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).join(''));

/** Opens the modal from the landing page's own sign-in button when it is there, else by the window event. */
async function openFromLanding(page: Page) {
  await page.goto('/');
  const button = page.getByTestId('hero-sign-in');
  if (await button.isVisible().catch(() => false)) {
    await button.click();
    await page.getByLabel('Email Address').waitFor();
  } else {
    await openLoginModal(page);
  }
}

/** Fills the e-mail step and returns the code mailed for it. */
async function toPinStep(page: Page, email: string, onOpen?: () => Promise<void>): Promise<string> {
  const since = Date.now();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByRole('heading', { name: 'Enter Verification Code' }).waitFor();
  await onOpen?.();
  return codeFromMail(await waitForMail(email, /code/i, { since }));
}

async function paste(page: Page, text: string) {
  await boxes(page)
    .first()
    .evaluate((el, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
}

describe('sign-in from the landing page', () => {
  it('a new customer signs in with the mailed code and lands on /store', async () => {
    const { page, context, consoleErrors } = await newPage(browser, VIEWPORTS.desktop);
    await openFromLanding(page);
    const send = page.getByRole('button', { name: 'Send Code' });
    expect(await send.isDisabled()).toBe(true);
    expect(await page.getByLabel('Email Address').getAttribute('type')).toBe('email');
    await screenshot(page, 'auth-modal-email-desktop');

    const email = uniqueEmail('newcomer');
    // "Code sent!" shows for SUCCESS_CLOSE_MS from the moment the step opens, so it is looked for before the mail:
    // under load the mail alone can take longer than that.
    const code = await toPinStep(page, email, () => page.getByText('Code sent!').waitFor());
    await page.getByText('Code expires in 10 minutes • Check your spam folder').waitFor();
    // The shop under test runs with the bot check off: nothing may mention a service it does not use.
    expect(await page.getByText(/reCAPTCHA|Google/).count()).toBe(0);
    await page.getByText('4 resend attempts remaining').waitFor();
    expect(await page.getByRole('button', { name: /Resend code in \d+s/ }).isDisabled()).toBe(true);
    // The PIN step is persistent: no close button, Escape does nothing.
    expect(await page.getByRole('button', { name: 'Close' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('heading', { name: 'Enter Verification Code' }).isVisible()).toBe(true);
    await screenshot(page, 'auth-modal-pin-desktop');

    // Non-digits are rejected.
    await boxes(page).first().pressSequentially('a');
    expect(await boxValues(page)).toBe('');
    for (let i = 0; i < 6; i += 1) await boxes(page).nth(i).pressSequentially(code[i]!);
    await page.waitForURL('**/store');
    await page.getByRole('heading', { name: 'Enter Verification Code' }).waitFor({ state: 'detached' });
    const me = await page.request.get('/api/v1/auth/me');
    expect((await me.json()).user).toMatchObject({ email, role: 'other', needs_profile_completion: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the ADMIN_EMAILS user lands on the Today page at /admin', async () => {
    // The admin's profile is complete, as on any day after the first: on a new shop the first-time profile modal
    // covers the page (and hides it from the accessibility tree). Whether a file before this one had completed it
    // depended on the order files ran in.
    await signedInState(browser, E2E_ADMIN);
    const { page, context } = await newPage(browser, VIEWPORTS.desktop);
    await openFromLanding(page);
    const code = await toPinStep(page, E2E_ADMIN);
    for (let i = 0; i < 6; i += 1) await boxes(page).nth(i).fill(code[i]!);
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    await context.close();
  });

  it('accepts a pasted code with spaces, rejects a paste with letters', async () => {
    const { page, context } = await newPage(browser, VIEWPORTS.phone);
    await openFromLanding(page);
    const code = await toPinStep(page, uniqueEmail('paster'));
    await paste(page, 'code12');
    expect(await boxValues(page)).toBe('');
    await page.getByText('Please paste the 6-digit code').waitFor();
    await paste(page, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(await boxValues(page)).toBe(code);
    await page.waitForURL('**/store');
    await context.close();
  });

  it('a wrong code shows "Invalid verification code", clears and refocuses the boxes', async () => {
    const { page, context } = await newPage(browser, VIEWPORTS.desktop);
    await openFromLanding(page);
    const code = await toPinStep(page, uniqueEmail('typo'));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await paste(page, wrong);
    await page.getByText('Invalid verification code').waitFor();
    expect(await boxValues(page)).toBe('');
    await expect
      .poll(() =>
        boxes(page)
          .first()
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    // The right code still works afterwards.
    await paste(page, code);
    await page.waitForURL('**/store');
    await context.close();
  });

  it('Back to email returns to the first step with the address kept', async () => {
    const { page, context } = await newPage(browser, VIEWPORTS.desktop);
    await openFromLanding(page);
    const email = uniqueEmail('back');
    await toPinStep(page, email);
    await page.getByRole('button', { name: 'Back to email' }).click();
    expect(await page.getByLabel('Email Address').inputValue()).toBe(email);
    // The e-mail step is not persistent: Escape closes it.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByLabel('Email Address').count()).toBe(0);
    await context.close();
  });
});

describe('route guard', () => {
  it('sends a guest opening /store to /', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/store');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('sends a customer opening /admin to /store', async () => {
    const { page, context } = await newPage(browser);
    await signInViaApi(context, uniqueEmail('nosy'));
    await page.goto('/admin');
    await page.waitForURL((u) => u.pathname === '/store');
    await page.goto('/admin/settings');
    await page.waitForURL((u) => u.pathname === '/store');
    await context.close();
  });
});

describe('logout', () => {
  it('after logout, Back shows no private data', async () => {
    const { page, context } = await newPage(browser);
    const email = uniqueEmail('leaver');
    await signInViaApi(context, email);
    // A completed profile, so no profile modal covers the store.
    const profile = await context.request.put('/api/v1/users/profile/', {
      data: { first_name: 'Lee', last_name: 'Leaverton', phone: '6025550123' },
    });
    expect(profile.ok()).toBe(true);
    await page.goto('/');
    await page.goto('/store');
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'My Orders' }).click();
    await page.waitForURL((u) => u.pathname === '/orders');
    // The orders screen has drawn (its chunk loaded, its list asked for): a menu opened before then was closed by the
    // screen's arrival on a loaded machine, and the click waited for a Logout item that was gone.
    await page.getByText('No orders yet').waitFor();
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    // History is now /, /store, / : Back lands on /store, which must send the signed-out visitor away.
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.getByText(email).count()).toBe(0);
    expect(await page.getByText('Lee', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('profile-menu-button').count()).toBe(0);
    const me = await page.request.get('/api/v1/auth/me');
    expect(me.status()).toBe(401);
    await context.close();
  });
});

describe('modal screenshots', () => {
  for (const [name, viewport] of [
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
    ['landscape', VIEWPORTS.phoneLandscape],
  ] as const) {
    it(`looks right at ${viewport.width}x${viewport.height}`, async () => {
      const { page, context } = await newPage(browser, viewport);
      await page.goto('/');
      await openLoginModal(page);
      await screenshot(page, `auth-modal-email-${name}`);
      await toPinStep(page, uniqueEmail(`shot-${name}`), async () => {
        await page.getByText('Code sent!').waitFor();
        await screenshot(page, `auth-modal-pin-${name}`);
      });
      const box = await page.getByRole('dialog').boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      await context.close();
    });
  }
});

describe('API sign-in helper', () => {
  it('leaves the session in the context cookie jar', async () => {
    const { page, context } = await newPage(browser);
    const email = uniqueEmail('helper');
    await signInViaApi(context, email);
    const me = await page.request.get('/api/v1/auth/me');
    expect((await me.json()).user.email).toBe(email);
    await context.close();
  });

  it('signInViaUi drives the modal to the store', async () => {
    const { page, context } = await newPage(browser, VIEWPORTS.tablet);
    await signInViaUi(page, uniqueEmail('ui-helper'));
    expect(new URL(page.url()).pathname).toBe('/store');
    await context.close();
  });

  it('a second code within the cooldown is refused with the 429 text', async () => {
    const { context } = await newPage(browser);
    const email = uniqueEmail('eager');
    await requestCode(context, email);
    await expect(requestCode(context, email)).rejects.toThrow(/429.*Too many attempts\. Please try again later\./);
    await context.close();
  });
});
