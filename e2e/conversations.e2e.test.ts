import nodemailer from 'nodemailer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from './support/session';
import {
  baseUrl,
  inboundSmtpPort,
  launchBrowser,
  newPage,
  screenshot,
  uniqueEmail,
  VIEWPORTS,
  waitForMail,
} from './support/browser';
import { completeProfile } from './support/people';
import { E2E_ADMIN } from './support/global-setup';

// Conversations both ways: staff answer in the message centre, the customer answers that e-mail, the
// answer reaches the shop's own SMTP listener on 127.0.0.1 and shows in the staff thread and the customer's Messages.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const customerEmail = uniqueEmail('conv-customer');
const FIRST = 'Can you add a name tape to the two duty polos I ordered?';
const STAFF_REPLY = 'Yes, we can. Which name should go on them?';
const EMAILED = 'Please use "R. RAMIREZ" on both polos, thank you!';
const api = (p: string) => `${baseUrl()}/api/v1${p}`;

async function shots(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [label, size] of [
    ['1280', VIEWPORTS.desktop],
    ['1024', VIEWPORTS.tablet],
    ['390', VIEWPORTS.phone],
  ] as const) {
    await page.setViewportSize(size);
    await ready();
    await screenshot(page, `${name}-${label}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe('conversations both ways', () => {
  let conversationId = 0;

  it('a staff reply carries a reply address; the e-mailed answer comes back through the SMTP listener', async () => {
    const customer = await newPage(browser, VIEWPORTS.desktop);
    await startSession(customer.context, customerEmail);
    await completeProfile(customer.context, 'Rosa', 'Ramirez');
    const sent = await customer.context.request.post(api('/contact'), {
      data: { contact_type: 'user', name: 'Rosa Ramirez', email: customerEmail, reason: 'general', message: FIRST },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    conversationId = (await sent.json()).conversation_id;

    const staff = await newPage(browser, VIEWPORTS.desktop);
    await startSession(staff.context, E2E_ADMIN);
    await completeProfile(staff.context, 'Casey', 'Chief');
    await staff.page.goto(`/admin/messages/${conversationId}`);
    await staff.page.getByTestId('thread-message').first().waitFor();
    const since = Date.now() - 1000;
    await staff.page.getByLabel(/^Reply to/).fill(STAFF_REPLY);
    await staff.page.getByRole('button', { name: 'Send reply' }).click();
    await staff.page.locator('[data-testid=thread-message][data-direction=outbound]').waitFor();

    const mail = await waitForMail(customerEmail, /^Re: your message/, { since });
    expect(mail.text).toContain(STAFF_REPLY);
    expect(mail.replyTo).toMatch(/^reply\+[A-Za-z0-9_-]{22}@replies\.e2e\.test$/);

    // The customer answers from their mail client: real SMTP to the shop's own listener.
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inboundSmtpPort(),
      secure: false,
      ignoreTLS: true,
    });
    const info = await smtp.sendMail({
      from: `Rosa Ramirez <${customerEmail}>`,
      to: mail.replyTo,
      subject: `Re: ${mail.subject}`,
      text: `${EMAILED}\n\n-- \nRosa\n\nOn Mon, Mar 2, 2026 at 9:00 AM Copper State Uniforms wrote:\n> ${STAFF_REPLY}\n`,
      attachments: [{ filename: 'name-tape.txt', content: 'R. RAMIREZ' }],
    });
    expect(info.accepted).toEqual([mail.replyTo]);
    smtp.close();

    // Staff: the list counts it unread; the thread shows it pending ("Unread") and "by e-mail", the history trimmed.
    await staff.page.goto('/admin/messages');
    const row = staff.page.getByTestId('conversation-row').filter({ hasText: customerEmail });
    await expect
      .poll(
        async () =>
          (await row
            .getByTestId('unread-count')
            .textContent()
            .catch(() => null)) ?? '',
        {
          timeout: 15_000,
        },
      )
      .toBe('1');
    // Hold the automatic mark-read until the pending state has been seen and photographed.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await staff.page.route('**/api/v1/contact/*/read', async (route) => {
      await held;
      await route.continue();
    });
    await row.click();
    const emailed = staff.page
      .locator('[data-testid=thread-message][data-direction=inbound]')
      .filter({ hasText: EMAILED });
    await emailed.waitFor();
    expect(await emailed.textContent()).toContain('Unread');
    expect(await emailed.getByTestId('by-email').count()).toBe(1);
    expect(await emailed.textContent()).toContain('name-tape.txt');
    expect(await emailed.textContent()).not.toContain('On Mon, Mar 2');
    // While replying at 1024 and 1280 the customer's message stays in view above the composer.
    for (const size of [VIEWPORTS.tablet, VIEWPORTS.desktop]) {
      await staff.page.setViewportSize(size);
      await staff.page.getByLabel(/^Reply to/).fill('Thanks, noted.');
      const history = staff.page.getByRole('region', { name: 'Message history' });
      // The pane keeps its newest message in view as the window resizes; that scroll lands a frame or two later.
      await expect
        .poll(
          async () => {
            const pane = (await history.boundingBox())!;
            const bubble = (await emailed.boundingBox())!;
            return bubble.y >= pane.y - 1 && bubble.y + bubble.height <= pane.y + pane.height + 1;
          },
          { message: `${size.width}: the customer's message is in view above the composer`, timeout: 5_000 },
        )
        .toBe(true);
      const pane = (await history.boundingBox())!;
      expect(pane.height, `${size.width}: the history keeps most of the height`).toBeGreaterThan(size.height / 3);
    }
    // The race a busy machine hits: the pane scrolls to a grown message, and before that scroll's event is read a frame
    // later, the pane shrinks. The pane must still end on its newest message.
    const gap = await staff.page.evaluate(
      () =>
        new Promise<number>((done) => {
          const pane = document.querySelector<HTMLElement>('[role=region][aria-label="Message history"]')!;
          const bubble = pane.querySelector<HTMLElement>('li[data-direction=inbound]:last-of-type > div')!;
          const composer = document.querySelector<HTMLElement>('#reply-message')!;
          const padding = bubble.style.paddingBottom;
          let seen = 0;
          const probe = new ResizeObserver(() => {
            // The first call is the observation's start; the second follows the pane's own observer, which scrolled.
            if (++seen === 1) return void (bubble.style.paddingBottom = '140px');
            probe.disconnect();
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              composer.style.height = `${composer.offsetHeight + 120}px`;
              setTimeout(() => {
                requestAnimationFrame(() =>
                  requestAnimationFrame(() => {
                    const left = pane.scrollHeight - pane.scrollTop - pane.clientHeight;
                    bubble.style.paddingBottom = padding;
                    composer.style.height = '';
                    done(left);
                  }),
                );
              }, 100);
            };
            channel.port2.postMessage(null);
          });
          probe.observe(bubble.parentElement!.parentElement!);
        }),
    );
    expect(gap, 'the pane is still on its newest message').toBeLessThan(2);
    await shots(staff.page, 'conversations-staff-thread-emailed', () => emailed.waitFor());
    const marked = staff.page.waitForResponse((r) => r.url().endsWith('/read'));
    release();
    expect((await marked).ok()).toBe(true);
    // Sending: the toast that says so never covers the Send button.
    await staff.page.getByRole('button', { name: 'Send reply' }).click();
    const toast = staff.page.locator('[data-sonner-toast]').filter({ hasText: 'Reply sent' });
    await toast.waitFor();
    const t = (await toast.boundingBox())!;
    const b = (await staff.page.getByRole('button', { name: 'Send reply' }).boundingBox())!;
    const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
    expect(overlaps).toBe(false);
    expect(staff.consoleErrors).toEqual([]);
    await staff.context.close();

    // Customer: the profile menu flags the unseen staff reply; Messages shows every message both ways, newest last.
    await customer.page.goto('/orders');
    await customer.page.getByTestId('profile-unread-dot').waitFor();
    await customer.page.getByTestId('profile-menu-button').click();
    await customer.page.getByRole('menuitem', { name: /Messages/ }).click();
    await customer.page.waitForURL(/\/messages$/);
    const mine = customer.page.getByTestId('my-message');
    await mine.filter({ hasText: EMAILED }).waitFor();
    const texts = await mine.allTextContents();
    expect(texts.map((t) => [FIRST, STAFF_REPLY, EMAILED].findIndex((s) => t.includes(s)))).toEqual([0, 1, 2, -1]);
    expect(texts[2]).toContain('by e-mail');
    await shots(customer.page, 'conversations-customer-messages', () => mine.last().waitFor());
    // The customer's message stays in view while they type, at 1024 and 1280.
    for (const size of [VIEWPORTS.tablet, VIEWPORTS.desktop]) {
      await customer.page.setViewportSize(size);
      await customer.page.getByLabel('Your reply').focus();
      // As on the staff side, the scroll back to the newest message lands a frame or two after the resize.
      await expect
        .poll(
          async () => {
            const last = (await mine.filter({ hasText: EMAILED }).boundingBox())!;
            return last.y > 0 && last.y + last.height <= size.height;
          },
          { message: `${size.width}: the customer's e-mailed message is in view`, timeout: 5_000 },
        )
        .toBe(true);
    }

    // And they answer in the shop.
    const box = customer.page.getByLabel('Your reply');
    await box.fill('Too short');
    await box.blur();
    await customer.page.getByText('Message must be at least 20 characters').waitFor();
    expect(await customer.page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await box.fill('One more thing: can they be ready by Friday?');
    await customer.page.getByRole('button', { name: 'Send' }).click();
    await mine.filter({ hasText: 'ready by Friday' }).waitFor();
    expect(customer.consoleErrors).toEqual([]);
    await customer.context.close();
  });

  it('staff message a customer from an order; the order view lists it and a message links back to the order', async () => {
    const customer = await newPage(browser, VIEWPORTS.desktop);
    await startSession(customer.context, customerEmail);
    const products = (await (await customer.context.request.get(api('/products/'))).json()).products as {
      id: number;
      sizes: { label: string }[];
    }[];
    const add = await customer.context.request.post(api('/cart/items'), {
      data: { product_id: products[0]!.id, size: products[0]!.sizes[0]!.label, quantity: 1, customizations: {} },
    });
    expect(add.ok(), await add.text()).toBe(true);
    const placed = await customer.context.request.post(api('/orders/'), { data: { fulfillment: 'pickup' } });
    expect(placed.ok(), await placed.text()).toBe(true);
    const order = (await placed.json()).order as { id: number; order_number: string };

    const staff = await newPage(browser, VIEWPORTS.desktop);
    await startSession(staff.context, E2E_ADMIN);
    await staff.page.goto(`/admin/orders?order=${order.id}`);
    const section = staff.page.getByTestId('order-messages');
    await section.getByText('No messages about this order.').waitFor();
    await section.getByRole('button', { name: 'Message customer' }).click();
    const since = Date.now() - 1000;
    const WRITE_FIRST = 'Your order is embroidered and ready for pickup tomorrow.';
    await section.getByLabel('Message to the customer').fill(WRITE_FIRST);
    await section.getByRole('button', { name: 'Send' }).click();
    await section.getByText(WRITE_FIRST).waitFor();
    await shots(staff.page, 'conversations-order-messages', () => section.getByText(WRITE_FIRST).waitFor());

    const mail = await waitForMail(customerEmail, new RegExp(`^About your order ${order.order_number}`), { since });
    expect(mail.text).toContain(WRITE_FIRST);
    expect(mail.replyTo).toMatch(/^reply\+/);

    // The message centre finds the order number, and the message's order opens the order.
    await staff.page.goto('/admin/messages');
    await staff.page.getByPlaceholder('Search name, e-mail or text').fill(order.order_number);
    // The search applies after a pause, the unfiltered list showing meanwhile; other tests add conversations too.
    await expect.poll(() => staff.page.getByTestId('conversation-row').count()).toBe(1);
    const row = staff.page.getByTestId('conversation-row').filter({ hasText: 'Rosa Ramirez' });
    await row.waitFor();
    await row.click();
    await staff.page.getByTestId('message-order-link').last().click();
    await staff.page.waitForURL(new RegExp(`/admin/orders\\?order=${order.id}$`));
    await staff.page.getByTestId('order-messages').getByText(WRITE_FIRST).waitFor();
    expect(staff.consoleErrors).toEqual([]);
    await staff.context.close();

    await customer.page.goto('/messages');
    await customer.page.getByTestId('my-message').filter({ hasText: WRITE_FIRST }).waitFor();
    await customer.context.close();
  });
  it('staff insert a saved reply and edit it before sending, assign to me and filter, and mark unread', async () => {
    const email = uniqueEmail('tools-customer');
    const customer = await newPage(browser, VIEWPORTS.desktop);
    await startSession(customer.context, email);
    await completeProfile(customer.context, 'Tomas', 'Tools');
    const sent = await customer.context.request.post(api('/contact'), {
      data: {
        contact_type: 'user',
        name: 'Tomas Tools',
        email,
        reason: 'general',
        message: 'When will my caps be ready?',
      },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const id = (await sent.json()).conversation_id as number;
    await customer.context.close();

    const staff = await newPage(browser, VIEWPORTS.desktop);
    await startSession(staff.context, E2E_ADMIN);
    const me = (
      (await (await staff.context.request.get(api('/contact/staff'))).json()).staff as {
        id: number;
        name: string;
        email: string;
      }[]
    ).find((s) => s.email === E2E_ADMIN)!;

    // An admin keeps the saved replies.
    const TITLE = `Ready in a week ${Date.now().toString(36)}`;
    await staff.page.goto('/admin/messages/saved-replies');
    await staff.page.getByLabel('Title').fill(TITLE);
    await staff.page.getByLabel('Reply text').fill('Your order will be ready within 7 business days.');
    await staff.page.getByRole('button', { name: 'Add saved reply' }).click();
    await staff.page.getByTestId('saved-reply').filter({ hasText: TITLE }).waitFor();

    // Insert it, edit it, send it.
    await staff.page.goto(`/admin/messages/${id}`);
    await staff.page.getByLabel('Insert saved reply').selectOption({ label: TITLE });
    const box = staff.page.getByLabel(/^Reply to/);
    expect(await box.inputValue()).toBe('Your order will be ready within 7 business days.');
    await box.press('End');
    await box.pressSequentially(' We will e-mail you.');
    await staff.page.getByRole('button', { name: 'Send reply' }).click();
    await staff.page
      .locator('[data-testid=thread-message][data-direction=outbound]')
      .filter({ hasText: 'ready within 7 business days. We will e-mail you.' })
      .waitFor();

    // Assign to me; "Assigned to me" is kept in the URL and lists it with its assignee.
    await staff.page.getByLabel('Assigned to').selectOption(String(me.id));
    await staff.page.getByText(`Assigned to ${me.name}`).first().waitFor();
    await staff.page.goto('/admin/messages');
    await staff.page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Assigned to me' }).click();
    await staff.page.waitForURL(/\?show=mine$/);
    const row = staff.page.getByTestId('conversation-row').filter({ hasText: email });
    await expect.poll(async () => (await row.getByTestId('row-assignee').textContent()) ?? '').toContain(me.name);

    // Mark unread: back on the list (still Assigned to me), flagged, under Unread, and counted.
    await row.click();
    await staff.page.getByRole('button', { name: 'Mark unread' }).click();
    await staff.page.waitForURL(/\/admin\/messages\?show=mine$/);
    await row.getByTestId('marked-unread').waitFor();
    await staff.page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Unread' }).click();
    await staff.page.waitForURL(/\?show=unread$/);
    await row.getByTestId('marked-unread').waitFor();
    await staff.page
      .getByTestId('message-stats')
      .getByText(/marked unread/)
      .waitFor();
    // Reloaded at each size: the admin menu follows the width once the page has laid out again.
    const fresh = async (name: string, ready: () => Promise<unknown>) =>
      shots(staff.page, name, async () => {
        await staff.page.reload();
        await ready();
      });
    await fresh('staff-tools-list', () => row.waitFor());
    await staff.page.setViewportSize(VIEWPORTS.desktop);
    const read = staff.page.waitForResponse((r) => r.url().endsWith('/read'));
    await row.click();
    expect((await read).ok()).toBe(true);
    await staff.page.getByLabel('Assigned to').waitFor();
    await fresh('staff-tools-thread', () => staff.page.getByLabel('Assigned to').waitFor());
    // Opening it read it again.
    await staff.page.goto('/admin/messages?show=unread');
    await staff.page
      .getByTestId('conversation-row')
      .first()
      .or(staff.page.getByText('No conversations match.'))
      .waitFor();
    expect(await row.count()).toBe(0);
    expect(staff.consoleErrors).toEqual([]);
    await staff.context.close();
  });
});
