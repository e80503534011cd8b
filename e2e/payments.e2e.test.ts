import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pdfText } from './support/pdf-text';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startStripeStandIn, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../src/server/test/stripe-stand-in';
import { codeFromMail } from './support/auth';
import { launchBrowser, screenshot, uniqueEmail, VIEWPORTS, waitForMailIn } from './support/browser';
import { copyTemplateTo } from './support/data-template';
import { startSession } from './support/session';
import { freePort, startShop, type RunningServer } from './support/server';
import { startSmtpCatcher } from './support/smtp';

// Card payment online in Chromium: a shop of its own, configured with Stripe and pointed at the local
// stand-in, whose hosted checkout page the customer pays on (or leaves) before coming back to the shop.
type Viewport = { width: number; height: number };
const STAFF = 'till@e2e-pay.test';
const root = path.resolve(`.tmp/e2e-pay-${process.pid}`);
const mailDir = path.join(root, 'mail');
const port = await freePort();
const shopUrl = `http://127.0.0.1:${port}`;
const stand = await startStripeStandIn({ webhookUrl: `${shopUrl}/api/v1/payments/stripe/webhook` });
const api = (p: string) => `${shopUrl}/api/v1${p}`;

let browser: Browser;
let shop: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  smtp = await startSmtpCatcher(mailDir);
  shop = await startShop(
    {
      PORT: String(port),
      DATA_DIR: copyTemplateTo(inject('dataTemplate'), path.join(root, 'data')),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ADMIN_EMAILS: STAFF,
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_BASE: stand.url,
      TEST_SESSION_KEY: inject('testSessionKey'),
    },
    { built: true },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await smtp?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

// How far the page's clock is moved on at a time while it re-checks a payment (pay-state.ts: 1 s to 5 s apart).
const RECHECK_STEP_MS = 2_500;
const mailTo = (to: string, subject: RegExp, since: number) => waitForMailIn(mailDir, to, subject, { since });

const signIn = (context: BrowserContext, email: string) => startSession(context, email, shopUrl);

async function opened(viewport: Viewport) {
  const context = await browser.newContext({ viewport, baseURL: shopUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

async function customer(viewport: Viewport, prefix = 'payer') {
  const email = uniqueEmail(prefix);
  const session = await opened(viewport);
  await signIn(session.context, email);
  // A completed profile, so the first-time profile modal stays shut.
  const profile = await session.context.request.put(api('/users/profile/'), {
    data: { first_name: 'Dana', last_name: 'Payne', phone: '6025550142', zip_code: '85004' },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  return { ...session, email };
}

// Names a run never repeats, so the PDF text proves this run's order.
const tag = Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

async function fillCart(context: BrowserContext, name: string) {
  const products = (await (await context.request.get(api('/products/'))).json()).products as {
    id: number;
    name: string;
    sizes: { label: string }[];
  }[];
  const product = products[0]!;
  const res = await context.request.post(api('/cart/items'), {
    data: {
      product_id: product.id,
      size: product.sizes[1]!.label,
      quantity: 2,
      customizations: {
        add_name: { enabled: true, position: 'left_side', text: name },
        us_flag: { enabled: true, position: 'right_side' },
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return product.name;
}

type Placed = { id: number; order_number: string; total: number };

/** Checks out with Card online in the page and follows the browser to the stand-in's checkout page. */
async function checkoutByCard(page: Page, shot?: string): Promise<Placed> {
  await page.goto('/checkout');
  const choice = page.getByRole('radiogroup', { name: 'Payment' });
  await choice.getByRole('radio', { name: /Pay at pickup/ }).waitFor();
  // Pickup offers the counter first (the default) and card.
  expect(await choice.getByRole('radio').count()).toBe(2);
  expect(await choice.getByRole('radio', { name: /Pay at pickup/ }).getAttribute('aria-checked')).toBe('true');
  await choice.getByRole('radio', { name: /Card online/ }).click();
  expect(await choice.getByRole('radio', { name: /Card online/ }).getAttribute('aria-checked')).toBe('true');
  await page.getByText("You'll pay on Stripe's secure page after placing the order").waitFor();
  if (shot) await screenshot(page, shot);
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/v1/orders/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place order' }).click();
  const order = (await (await placed).json()).order as Placed & { payment: { method: string } };
  expect(order.payment.method).toBe('card');
  await page.waitForURL((u) => u.href.startsWith(`${stand.url}/c/pay/`));
  return order;
}

const sessionOf = (page: Page) => new URL(page.url()).pathname.split('/').at(-1)!;

async function staffView(id: number) {
  const context = await browser.newContext({ baseURL: shopUrl });
  await signIn(context, STAFF);
  const order = (await (await context.request.get(api(`/orders/admin/${id}`))).json()).order;
  await context.close();
  return order as {
    payment: { status: string; entries: { kind: string; method: string; amount: number; recorded_by: unknown }[] };
  };
}

/** The page printed as the browser prints it (Letter), and its text and page count read back with pdf.js. */
async function printed(page: Page, name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'print-')), `${name}.pdf`);
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: file, format: 'Letter', printBackground: true });
  const { text, pages } = await pdfText(file);
  await screenshot(page, name);
  await page.emulateMedia({ media: 'screen' });
  return { text, pages };
}

const usd = (n: number) => `$${n.toFixed(2)}`;

describe('paying a card order online', () => {
  it('the customer pays on the checkout page, comes back to "Paid", and prints the invoice', async () => {
    const { page, context, errors } = await customer(VIEWPORTS.desktop);
    const name = `NAVARRO ${tag}`;
    const product = await fillCart(context, name);
    const order = await checkoutByCard(page, 'payments-checkout-card-desktop');

    // The stand-in's hosted page: the amount is the order's total.
    await page.getByRole('heading', { name: `Pay ${usd(order.total)}` }).waitFor();
    await screenshot(page, 'payments-stand-in-checkout-desktop');
    const session = sessionOf(page);
    await page.getByRole('button', { name: `Pay ${usd(order.total)}` }).click();
    await page.waitForURL(`${shopUrl}/orders/${order.id}/placed?payment=return`);
    const box = page.getByTestId('placed-payment');
    await page.locator('[data-testid="placed-payment"][data-view="paid"]').waitFor();
    expect(await box.getByTestId('payment-status').textContent()).toBe('Paid');
    expect(await box.textContent()).toContain(`Your payment of ${usd(order.total)} is received.`);
    await screenshot(page, 'payments-placed-paid-desktop');

    // Stripe's webhook was delivered once and the ledger holds exactly one Stripe payment of the total.
    expect(stand.delivered.filter((d) => d.sessionId === session)).toEqual([
      { type: 'checkout.session.completed', sessionId: session, status: 200 },
    ]);
    const seen = await staffView(order.id);
    expect(seen.payment.status).toBe('paid');
    expect(seen.payment.entries).toHaveLength(1);
    expect(seen.payment.entries[0]).toMatchObject({ kind: 'payment', method: 'stripe', amount: order.total });
    expect(seen.payment.entries[0]!.recorded_by).toBeNull();

    // My Orders: the payment status word per order, the summary and the invoice in the details.
    await page.getByRole('link', { name: `View order ${order.order_number}` }).click();
    const details = page.getByTestId('order-details');
    await details.getByTestId('payment-summary').waitFor();
    expect(await details.getByTestId('payment-paid').textContent()).toBe(usd(order.total));
    expect(await details.getByTestId('payment-balance').textContent()).toBe('$0.00');
    expect(await details.getByTestId('pay-now').count()).toBe(0);
    await details.getByTestId('view-invoice').waitFor();
    await details.getByTestId('payment-summary').scrollIntoViewIfNeeded();
    await screenshot(page, 'payments-order-details-paid-desktop');
    const invoiceTab = context.waitForEvent('page');
    await details.getByTestId('view-invoice').click();
    const invoice = await invoiceTab;
    await page.keyboard.press('Escape');
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
    expect(await row.getByTestId('payment-status').textContent()).toBe('Paid');

    // The invoice opens from its signed link without the shop's layout; printed on Letter it is one page.
    await invoice.getByTestId('invoice').waitFor();
    expect(new URL(invoice.url()).pathname).toMatch(
      new RegExp(`^/invoice/${order.id}\\.[1-9]\\d*\\.[A-Za-z0-9_-]{43}$`),
    );
    expect(await invoice.getByTestId('invoice-number').textContent()).toBe(order.order_number);
    await invoice.setViewportSize(VIEWPORTS.desktop);
    await screenshot(invoice, 'payments-invoice-desktop');
    const pdf = await printed(invoice, 'payments-invoice-print');
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(order.order_number);
    expect(pdf.text).toContain('Copper State Uniforms');
    expect(pdf.text).toContain('2150 W Grant St');
    expect(pdf.text).toContain(product);
    expect(pdf.text).toContain(`Embroidered name "${name}" · Left`);
    expect(pdf.text).toMatch(new RegExp(`Total\\s+\\${usd(order.total)}`));
    expect(pdf.text).toMatch(new RegExp(`Paid\\s+\\${usd(order.total)}`));
    expect(pdf.text).toMatch(/Balance due\s+\$0\.00/);
    expect(pdf.text).toContain('Card online (Stripe)');
    expect(pdf.text).not.toContain('My Orders');
    expect(pdf.text).not.toContain('Print');
    await invoice.setViewportSize(VIEWPORTS.phone);
    await screenshot(invoice, 'payments-invoice-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('going back from the checkout page charges nothing; Pay now opens a new page that pays', async () => {
    const { page, context, errors } = await customer(VIEWPORTS.phone);
    await fillCart(context, `OKAFOR ${tag}`);
    const order = await checkoutByCard(page, 'payments-checkout-card-phone');
    await page.getByRole('link', { name: '← Back to the shop' }).click();
    await page.waitForURL(`${shopUrl}/orders/${order.id}/placed?payment=cancelled`);
    await page.locator('[data-testid="placed-payment"][data-view="cancelled"]').waitFor();
    await page.getByText('Payment cancelled: nothing was charged.').waitFor();
    // The customer's word for an unpaid order; staff read Unpaid.
    expect(await page.getByTestId('placed-payment').getByTestId('payment-status').textContent()).toBe('Balance due');
    await page.getByTestId('pay-now').scrollIntoViewIfNeeded();
    await screenshot(page, 'payments-placed-cancelled-phone');
    expect((await staffView(order.id)).payment.entries).toHaveLength(0);

    await page.getByTestId('pay-now').click();
    await page.waitForURL((u) => u.href.startsWith(`${stand.url}/c/pay/`));
    await page.getByRole('button', { name: `Pay ${usd(order.total)}` }).click();
    await page.locator('[data-testid="placed-payment"][data-view="paid"]').waitFor();
    await screenshot(page, 'payments-placed-paid-phone');
    expect((await staffView(order.id)).payment.entries).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('while Stripe has not confirmed, the confirmation says so, re-checks, and offers to check again', async () => {
    const { page, context, errors } = await customer(VIEWPORTS.desktop);
    await fillCart(context, `LINDQVIST ${tag}`);
    const order = await checkoutByCard(page);
    stand.behaviour.payment = 'delayed';
    // The page's own timers run on a clock the test moves on, so the 15 s of re-checks pass in a moment.
    await context.clock.install();
    try {
      await page.getByRole('button', { name: `Pay ${usd(order.total)}` }).click();
      await page.waitForURL(`${shopUrl}/orders/${order.id}/placed?payment=return`);
    } finally {
      stand.behaviour.payment = 'instant';
    }
    const session = stand.delivered.at(-1)!.sessionId;
    await page.locator('[data-testid="placed-payment"][data-view="confirming"]').waitFor();
    await page.getByText('Your payment is being confirmed with Stripe…').waitFor();
    await screenshot(page, 'payments-placed-confirming-desktop');
    // Coming back proved nothing: the order is not paid.
    expect((await staffView(order.id)).payment.status).toBe('unpaid');
    // The bounded re-checks end with an offer to check again: each one waits for its answer before the next is timed.
    const notConfirmed = page.locator('[data-testid="placed-payment"][data-view="not_confirmed"]');
    await expect
      .poll(async () => (await notConfirmed.isVisible()) || void (await page.clock.fastForward(RECHECK_STEP_MS)))
      .toBe(true);
    await page.getByTestId('check-again').waitFor();
    await screenshot(page, 'payments-placed-not-confirmed-desktop');
    await stand.settle(session);
    await page.getByTestId('check-again').click();
    await page.locator('[data-testid="placed-payment"][data-view="paid"]').waitFor();
    expect((await staffView(order.id)).payment.entries).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when Stripe will not open the page, the order is placed and the confirmation offers Pay now', async () => {
    const { page, context, errors } = await customer(VIEWPORTS.phone);
    await fillCart(context, `BRANDT ${tag}`);
    await page.goto('/checkout');
    await page.getByRole('radio', { name: /Card online/ }).click();
    stand.behaviour.refuseCheckout = true;
    try {
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.locator('[data-testid="placed-payment"][data-view="start_failed"]').waitFor();
    } finally {
      stand.behaviour.refuseCheckout = false;
    }
    expect(await page.getByTestId('placed-payment-text').textContent()).toContain(
      'Your order is placed, but the payment page could not be opened: The card payment service refused to start the payment: Your account cannot currently make live charges. Nothing was charged;',
    );
    await page.getByTestId('pay-now').scrollIntoViewIfNeeded();
    await screenshot(page, 'payments-placed-start-failed-phone');
    await page.getByTestId('pay-now').click();
    await page.waitForURL((u) => u.href.startsWith(`${stand.url}/c/pay/`));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the e-mail's Pay now link", () => {
  it('a signed-out visitor signs in, comes back to the order and goes to Stripe with one press', async () => {
    const payer = await customer(VIEWPORTS.desktop, 'mailed');
    await fillCart(payer.context, `QUINTERO ${tag}`);
    const since = Date.now() - 1000;
    const res = await payer.context.request.post(api('/orders/'), {
      data: { fulfillment: 'pickup', payment_method: 'card' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const order = (await res.json()).order as Placed;
    await payer.context.close();
    const mail = await mailTo(payer.email, new RegExp(`Order ${order.order_number} received`), since);
    const link = new RegExp(`${shopUrl}/orders\\?pay=${order.id}`).exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();

    // A new browser, signed out: the link asks to sign in first.
    const { page, context, errors } = await opened(VIEWPORTS.phone);
    await page.goto(link!);
    await page.waitForURL((u) => u.pathname === '/');
    // No slack before this moment: the payer's first code, mailed a moment ago, must not be taken for the new one.
    const signInSince = Date.now();
    await page.getByLabel('Email Address').fill(payer.email);
    await page.getByRole('button', { name: /send code/i }).click();
    const pin = codeFromMail(await mailTo(payer.email, /code/i, signInSince));
    await page.getByLabel('Digit 1 of 6').waitFor();
    for (let i = 0; i < pin.length; i += 1) await page.getByLabel(`Digit ${i + 1} of 6`).fill(pin[i]!);
    // Back at the order, at its pay step; nothing happens until the button is pressed.
    const panel = page.getByTestId('pay-panel');
    await panel.waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders');
    await page.getByRole('dialog', { name: `Order ${order.order_number}` }).waitFor();
    await screenshot(page, 'payments-order-details-pay-phone');
    expect(page.url().startsWith(shopUrl)).toBe(true);
    await panel.getByTestId('pay-now').click();
    await page.waitForURL((u) => u.href.startsWith(`${stand.url}/c/pay/`));
    await page.getByRole('heading', { name: `Pay ${usd(order.total)}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
