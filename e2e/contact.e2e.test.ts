import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSession } from './support/session';
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail, VIEWPORTS, waitForMail } from './support/browser';
import { completeProfile } from './support/people';
import { E2E_ADMIN } from './support/global-setup';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const guestEmail = uniqueEmail('contact-guest');
const customerEmail = uniqueEmail('contact-customer');
const REPLY = 'Thanks for asking! Yes, we embroider names on jackets for $6 each.';
const NOTE = 'internal-note-quoted-6-dollars';

/**
 * The modal's code loads lazily after the first paint, so an early click can come before it listens: retry briefly.
 * A click that did open it, slower than the wait, leaves the modal's backdrop over the button: the next click then
 * gives up in 2 s (it would wait its whole 30 s for the backdrop to go) and the wait finds the modal.
 */
async function openContact(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  const chat = page.getByTestId('chat-button').first();
  for (let attempt = 0; attempt < 10; attempt++) {
    if (await dialog.isVisible()) return dialog;
    if (await chat.isVisible().catch(() => false)) await chat.click({ timeout: 2_000 }).catch(() => undefined);
    else await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-contact-modal')));
    if (
      await dialog.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    )
      return dialog;
  }
  throw new Error('the Contact Us modal did not open');
}

async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByTestId('sidebar-unread-badge');
  if (!(await badge.isVisible().catch(() => false))) return 0;
  return Number((await badge.textContent())?.trim() ?? 0);
}

const api = (p: string) => `${baseUrl()}/api/v1${p}`;

/** A customer with a completed profile and one placed order; returns the order number. */
async function customerWithOrder(context: BrowserContext): Promise<string> {
  await startSession(context, customerEmail);
  await completeProfile(context, 'Rosa', 'Ramirez');
  const products = (await (await context.request.get(api('/products/'))).json()).products as {
    id: number;
    sizes: { label: string }[];
  }[];
  const add = await context.request.post(api('/cart/items'), {
    data: { product_id: products[0]!.id, size: products[0]!.sizes[0]!.label, quantity: 1, customizations: {} },
  });
  expect(add.ok(), await add.text()).toBe(true);
  const order = await context.request.post(api('/orders/'), { data: { fulfillment: 'pickup' } });
  expect(order.ok(), await order.text()).toBe(true);
  return (await order.json()).order.order_number as string;
}

describe('contact and message centre', () => {
  it('a guest sends a message from the landing page', async () => {
    const { page, context, consoleErrors } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto('/');
    const dialog = await openContact(page);
    await dialog.getByLabel('Name').fill('Dana Whitfield');
    await dialog.getByLabel('Email').fill(guestEmail);
    await dialog.getByLabel(/Phone/).pressSequentially('6025550123');
    expect(await dialog.getByLabel(/Phone/).inputValue()).toBe('(602) 555-0123');

    const message = dialog.getByLabel('Message');
    await message.fill('Too short');
    await message.blur();
    await dialog.getByText('Message must be at least 20 characters').waitFor();
    const submit = dialog.getByRole('button', { name: 'Send Message' });
    expect(await submit.isDisabled()).toBe(true);
    await message.fill('Do you embroider names on rain jackets as well as polos?');
    expect(await dialog.getByText('Message must be at least 20 characters').count()).toBe(0);
    expect(await submit.isEnabled()).toBe(true);
    await screenshot(page, 'contact-modal-desktop');

    await submit.click();
    await page.getByRole('dialog', { name: 'Message Sent!' }).waitFor();
    await screenshot(page, 'contact-sent-desktop');
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 6000 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a signed-in customer asks about one of their orders (phone)', async () => {
    const { page, context } = await newPage(browser, VIEWPORTS.phone);
    const orderNumber = await customerWithOrder(context);
    await page.goto('/orders');
    const dialog = await openContact(page);
    await dialog.getByLabel('Reason').selectOption('order_question');
    const order = dialog.getByLabel('Order');
    await order.locator('option', { hasText: orderNumber }).waitFor({ state: 'attached' });
    await order.focus();
    await order.blur();
    await dialog.getByText('Please select an order').waitFor();
    await dialog.getByLabel('Message').fill('When will my order be ready for pickup at the shop?');
    expect(await dialog.getByRole('button', { name: 'Send Message' }).isDisabled()).toBe(true);
    await order.selectOption({ label: (await order.locator('option', { hasText: orderNumber }).textContent())! });
    await screenshot(page, 'contact-modal-phone');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('dialog', { name: 'Message Sent!' }).waitFor();
    await context.close();
  });

  it('staff see both unread conversations, read and answer them (desktop, then phone)', async () => {
    const { page, context, consoleErrors } = await newPage(browser, VIEWPORTS.desktop);
    await startSession(context, E2E_ADMIN);
    await completeProfile(context, 'Casey', 'Chief');
    await page.goto('/admin/messages');
    for (const email of [guestEmail, customerEmail]) {
      const r = page.getByTestId('conversation-row').filter({ hasText: email });
      await r.waitFor();
      expect(await r.getByTestId('unread-count').textContent()).toBe('1');
    }
    expect(await page.getByTestId('conversation-row').filter({ hasText: customerEmail }).textContent()).toContain(
      'Question About an Order',
    );
    await page.getByTestId('sidebar-unread-badge').waitFor();
    const before = await unreadBadge(page);
    expect(before).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'messages-list-desktop');

    for (const [label, sender] of [
      ['desktop', guestEmail],
      ['phone', customerEmail],
    ] as const) {
      if (label === 'phone') {
        await page.setViewportSize(VIEWPORTS.phone);
        await page.goto('/admin/messages');
        await page.getByTestId('conversation-row').first().waitFor();
        await screenshot(page, 'messages-list-phone');
      }
      const row = page.getByTestId('conversation-row').filter({ hasText: sender });
      await row.click();
      await page.waitForURL(/\/admin\/messages\/\d+$/);
      await page.getByTestId('thread-message').first().waitFor();
      if (label === 'desktop') {
        // Opening the thread marks it read: the row's count goes and the badge drops.
        await expect.poll(() => unreadBadge(page), { timeout: 10_000 }).toBe(before - 1);
        // The list and the badge are refetched side by side: either may land first.
        await expect.poll(() => row.getByTestId('unread-count').count(), { timeout: 10_000 }).toBe(0);
      }

      const since = Date.now() - 1000;
      await page.getByLabel(/^Reply to/).fill(`${REPLY} (${label})`);
      await page.getByLabel(/Internal notes/).fill(NOTE);
      await screenshot(page, `messages-thread-${label}`);
      await page.getByRole('button', { name: 'Send reply' }).click();
      await page.locator('[data-testid=thread-message][data-direction=outbound]').waitFor();
      expect(await page.getByText(NOTE).count()).toBeGreaterThan(0); // shown to staff as an internal note

      const mail = await waitForMail(sender, /^Re: your message/, { since });
      expect(mail.text).toContain(`${REPLY} (${label})`);
      expect(mail.text + mail.html).not.toContain(NOTE);
      await screenshot(page, `messages-replied-${label}`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
