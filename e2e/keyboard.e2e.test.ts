import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { codeFromMail } from './support/auth';
import { baseUrl, launchBrowser, uniqueEmail, VIEWPORTS, waitForMail } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { approvalPath, guestMessage, signedInState, type StorageState } from './support/people';

// Keyboard-only journeys: sign-in, customise and add, checkout, approve, staff reply. The pages are
// driven with page.keyboard alone (no clicks); the API is used only to set up people and to read results back.
const api = (path: string) => `${baseUrl()}/api/v1${path}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The focused element's accessible name as a user would hear it: aria-label, else its label or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled ? document.getElementById(labelled)?.textContent : null;
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    return (el.getAttribute('aria-label') ?? byId ?? label ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

/** Presses Tab until the focused element's name matches: proof it is reachable by keyboard alone. */
async function tabTo(page: Page, name: RegExp, max = 60): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const now = await focusedName(page);
    if (name.test(now)) return;
    seen.push(now);
  }
  throw new Error(`Tab never reached ${name}; passed: ${seen.join(' | ')}`);
}

/** Presses Tab until a radio of the named group has the focus (a radio group is one Tab stop). */
async function tabToRadioGroup(page: Page, group: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const g = document.activeElement?.closest('[role="radiogroup"]');
      const by = g?.getAttribute('aria-labelledby');
      return (g?.getAttribute('aria-label') ?? (by ? document.getElementById(by)?.textContent : '') ?? '').trim();
    });
    if (name === group) return;
  }
  throw new Error(`Tab never reached the radio group ${group}`);
}

async function openAs(state: StorageState | undefined, url: string) {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl(), storageState: state });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  return { context, page, errors };
}

describe('keyboard-only journeys', () => {
  it('signs in: opens the login, types the e-mail, Enter, types the code from the mail', async () => {
    const email = uniqueEmail('keys');
    const { context, page, errors } = await openAs(undefined, '/');
    await page.getByTestId('hero-sign-in').waitFor();
    await tabTo(page, /^Sign in to order/);
    await page.keyboard.press('Enter');
    await page.getByLabel('Email Address').waitFor();
    if (!/Email Address/.test(await focusedName(page))) await tabTo(page, /Email Address/);
    const since = Date.now();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    const pin = codeFromMail(await waitForMail(email, /code/i, { since }));
    await page.getByLabel('Digit 1 of 6').waitFor();
    // The first box has the focus; each digit moves it on.
    await expect.poll(() => focusedName(page)).toBe('Digit 1 of 6');
    await page.keyboard.type(pin);
    await page.waitForURL((u) => u.pathname === '/store', { timeout: 15_000 });
    const me = await context.request.get(api('/auth/me'));
    expect((await me.json()).email ?? (await me.json()).user?.email).toBe(email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('customises and adds to the cart, checks out, and the approver approves, all by keyboard', async () => {
    const member = await signedInState(browser, uniqueEmail('keys', 'dvfire.gov'));
    const { context, page, errors } = await openAs(member, '/store');
    await page
      .getByRole('button', { name: /^Customize / })
      .first()
      .waitFor();

    await tabTo(page, /^Customize /);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // One Tab stop per radio group; the arrows move the choice.
    await tabToRadioGroup(page, 'Size');
    const size = dialog.getByRole('radiogroup', { name: 'Size' });
    // No size is chosen for the customer: Space picks the first, then the arrows move the choice.
    expect(await size.getByRole('radio', { checked: true }).count()).toBe(0);
    await page.keyboard.press('Space');
    const before = await size.getByRole('radio', { checked: true }).textContent();
    await page.keyboard.press('ArrowRight');
    const after = await size.getByRole('radio', { checked: true }).textContent();
    expect(after).not.toBe(before);
    // Space ticks a checkbox: the US flag patch, no name (a name would need the spelling confirmation).
    await tabTo(page, /US Flag/i);
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('checkbox', { name: /US Flag/i }).isChecked()).toBe(true);
    // If a spelling confirmation is there (named lines only), it is ticked by keyboard too.
    const spelling = dialog.getByRole('checkbox', { name: /spelling/i });
    if ((await spelling.count()) > 0 && !(await spelling.isChecked())) {
      await tabTo(page, /spelling/i);
      await page.keyboard.press('Space');
    }
    await tabTo(page, /^Add to Cart/);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // The dialog closes as the add is sent (the cart updates at once): the server's cart has it when the POST ends.
    const serverCart = async () => (await (await context.request.get(api('/cart/'))).json()).cart;
    await expect.poll(async () => (await serverCart()).items.length).toBe(1);
    const cart = await serverCart();
    expect(cart.items[0].size).toBe(after?.trim());
    expect(cart.items[0].customizations.map((c: { type: string }) => c.type)).toEqual(['us_flag']);

    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Place order' }).waitFor();
    await tabTo(page, /^Place order/);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname !== '/checkout', { timeout: 15_000 });
    const orders = (await (await context.request.get(api('/orders/'))).json()).orders as { order_number: string }[];
    expect(orders).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();

    const approver = await openAs(undefined, await approvalPath(orders[0]!.order_number));
    await approver.page.getByRole('button', { name: 'Approve order' }).waitFor();
    await tabTo(approver.page, /^Approve order/);
    await approver.page.keyboard.press('Enter');
    await approver.page.getByText('You approved this order').waitFor();
    expect(approver.errors).toEqual([]);
    await approver.context.close();
  }, 90_000);

  it('staff reply: a conversation, the reply box, Send, all by keyboard; the customer gets the reply', async () => {
    const guest = uniqueEmail('asker');
    await guestMessage(browser, 'Kim Keyes', guest, 'Can you embroider a name on a rain jacket collar?');
    const admin = await signedInState(browser, E2E_ADMIN);
    const { context, page, errors } = await openAs(admin, '/admin/messages');
    await page.getByTestId('conversation-row').filter({ hasText: guest }).waitFor();

    await tabTo(page, new RegExp(`Kim Keyes.*${guest.replace(/[.]/g, '\\.')}`));
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Message history' }).waitFor();
    // The thread pane is a Tab stop of its own, so a long thread scrolls with the arrow keys.
    await tabTo(page, /^Message history$/);
    await tabTo(page, new RegExp(`^Reply to ${guest.replace(/[.]/g, '\\.')}`));
    const since = Date.now() - 1000;
    await page.keyboard.type('Yes, on the collar or the chest, $6 per name.');
    await tabTo(page, /^Send reply/);
    await page.keyboard.press('Enter');
    // Not the receipt the guest got for writing in (it may arrive late on a busy machine): the reply.
    const mail = await waitForMail(guest, /^(?!We received your message)/, { since });
    expect(mail.text).toContain('Yes, on the collar or the chest, $6 per name.');
    expect(errors).toEqual([]);
    await context.close();
  });
});
