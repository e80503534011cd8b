import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, WCAG_TAGS } from './support/axe';
import { baseUrl, launchBrowser, screenshot, uniqueEmail, VIEWPORTS, waitForMail } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { signedInState, type StorageState } from './support/people';

// Artwork and proofs in Chromium: a customer uploads a logo in My artwork, staff send a proof from /admin/artwork,
// the customer asks for changes in the shop, staff send a second proof, and the customer approves it from the
// e-mailed link without signing in. Each new screen is checked with axe at desktop and phone width.
let browser: Browser;
let adminState: StorageState;
let customerState: StorageState;
const customerEmail = uniqueEmail('logo');
const NAME = `Station crest ${process.pid}`;
let artworkId = 0;
type CartAnswer = {
  cart: { items: unknown[]; adjustments: { kind: string; label: string; amount: number }[]; total: number };
};

const context = (state: StorageState | undefined, viewport = VIEWPORTS.desktop): Promise<BrowserContext> =>
  browser.newContext({ baseURL: baseUrl(), viewport, bypassCSP: true, ...(state ? { storageState: state } : {}) });

/** axe clean at 1280 x 800 and 390 x 844, with a picture of each. */
async function checkBothWidths(page: Page, name: string, ready: (p: Page) => Promise<unknown>) {
  for (const [label, size] of [
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
  ] as const) {
    await page.setViewportSize(size);
    // The layouts pick the phone or desktop frame at load: a reload draws the page as a phone would.
    await page.reload();
    await ready(page);
    await screenshot(page, `artwork-${name}-${label}`);
    expect(await axeFindings(page, WCAG_TAGS), `${name} at ${label}`).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

const logo = () =>
  sharp({
    create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><circle cx="100" cy="100" r="80" fill="#b91c1c"/><rect x="200" y="40" width="160" height="120" fill="#1d4ed8"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

async function sendProof(page: Page, round: number, stitches: string) {
  await page.goto(`/admin/artwork/${artworkId}`);
  const form = page.getByRole('form', { name: `Send proof ${round}` });
  await form.waitFor();
  await form
    .getByLabel('Proof image')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await logo() });
  await form.getByLabel('Stitch count').fill(stitches);
  await form.getByLabel('Width (inches)').fill('3.5');
  await form.getByLabel('Height (inches)').fill('1.75');
  await form.getByLabel('Thread colours').fill('Red 1902\nRoyal 1842');
  await form.getByLabel('Note to the customer').fill(round === 1 ? 'Left chest size' : 'Lighter red');
  const since = Date.now();
  await form.getByRole('button', { name: 'Send proof to the customer' }).click();
  await page.getByTestId(`proof-round-${round}`).waitFor();
  return waitForMail(customerEmail, /^Your proof is ready/, { since });
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminState = await signedInState(browser, E2E_ADMIN);
  customerState = await signedInState(browser, customerEmail);
});
afterAll(async () => {
  await browser?.close();
});

describe('artwork and proofs', () => {
  it('a customer uploads a logo in My artwork', async () => {
    const ctx = await context(customerState);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/store');
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'My artwork' }).click();
    await page.getByRole('heading', { name: 'My artwork', level: 1 }).waitFor();
    // Nothing chosen: both fields say so.
    await page.getByRole('button', { name: 'Upload artwork' }).click();
    await page.getByText('Give the artwork a name').waitFor();
    await page.getByLabel('Name').fill(NAME);
    await page.getByLabel('File').setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: await logo() });
    await page.getByRole('button', { name: 'Upload artwork' }).click();
    const card = page.getByTestId('artwork-list').getByRole('link', { name: new RegExp(NAME) });
    await card.waitFor();
    expect(await card.textContent()).toContain('Submitted');
    artworkId = Number(/\/artwork\/(\d+)/.exec((await card.getAttribute('href')) ?? '')?.[1]);
    expect(artworkId).toBeGreaterThan(0);
    // A file that is not an image by its bytes is refused with the server's words.
    await page.getByLabel('Name').fill('Not a logo');
    await page
      .getByLabel('File')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('MZ this is a program') });
    await page.getByRole('button', { name: 'Upload artwork' }).click();
    await page.getByText(/not a PNG, JPEG, WebP, SVG or PDF/).waitFor();
    await page.getByLabel('Name').fill('');
    await checkBothWidths(page, 'mine', (p) => p.getByTestId('artwork-list').waitFor());
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('staff find it in the queue and send a proof; the customer asks for changes in the shop', async () => {
    const staff = await context(adminState);
    const page = await staff.newPage();
    await page.goto('/admin/artwork');
    await page.getByRole('tab', { name: /Submitted/ }).waitFor();
    await page
      .getByTestId('artwork-queue')
      .getByRole('link', { name: new RegExp(NAME) })
      .waitFor();
    await checkBothWidths(page, 'queue', (p) => p.getByTestId('artwork-queue').waitFor());
    await page
      .getByTestId('artwork-queue')
      .getByRole('link', { name: new RegExp(NAME) })
      .click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    // The proof's facts are checked before anything is sent.
    await page.getByRole('button', { name: 'Send proof to the customer' }).click();
    await page.getByText('Stitch count must be a whole number from 1 to 500,000').waitFor();
    await checkBothWidths(page, 'staff-detail', (p) => p.getByRole('heading', { name: NAME, level: 1 }).waitFor());
    const mail = await sendProof(page, 1, '6200');
    expect(mail.text).toContain('Stitches: 6,200');

    const ctx = await context(customerState);
    const mine = await ctx.newPage();
    await mine.goto(`/artwork/${artworkId}`);
    await mine.getByTestId('proof-round-1').waitFor();
    expect(await mine.getByTestId('artwork-status').first().textContent()).toContain('Proof ready');
    await checkBothWidths(mine, 'customer-detail', (p) => p.getByTestId('proof-round-1').waitFor());
    await mine.getByRole('button', { name: 'Ask for changes' }).click();
    await mine.getByText('Say what should change').waitFor();
    await mine.getByLabel(/What should change/).fill('Make the red a little lighter');
    await mine.getByRole('button', { name: 'Ask for changes' }).click();
    await mine.getByTestId('proof-round-1').getByTestId('proof-decision').waitFor();
    expect(await mine.getByTestId('proof-round-1').textContent()).toContain('Make the red a little lighter');
    await ctx.close();
    await staff.close();
  });

  it('a second proof is approved from the e-mailed link, which then says what was decided', async () => {
    const staff = await context(adminState);
    const page = await staff.newPage();
    const mail = await sendProof(page, 2, '5900');
    const link = new URL(/https?:\/\/\S+\/proof\/[A-Za-z0-9_-]+/.exec(mail.text)![0]).pathname;
    // Both rounds stay on the staff page.
    await page.getByTestId('proof-round-1').waitFor();

    // The link needs no sign-in; opening it decides nothing.
    const guest = await context(undefined);
    const open = await guest.newPage();
    await open.goto(link);
    await open.getByRole('heading', { name: `Proof for ${NAME}` }).waitFor();
    await checkBothWidths(open, 'link', (p) => p.getByRole('button', { name: 'Approve proof' }).waitFor());
    await open.getByRole('button', { name: 'Approve proof' }).click();
    await open.getByTestId('proof-link-decided').waitFor();
    expect(await open.getByTestId('proof-link-decided').textContent()).toContain('This proof was approved');
    expect(await open.getByTestId('proof-link-decided').textContent()).toContain(customerEmail);
    // Opened again: the decision, who and when; no buttons.
    await open.reload();
    await open.getByTestId('proof-link-decided').waitFor();
    expect(await open.getByRole('button', { name: 'Approve proof' }).count()).toBe(0);
    await checkBothWidths(open, 'link-used', (p) => p.getByTestId('proof-link-decided').waitFor());
    await guest.close();

    await page.goto('/admin/artwork?status=approved');
    await page
      .getByTestId('artwork-queue')
      .getByRole('link', { name: new RegExp(NAME) })
      .waitFor();
    await page.goto('/admin');
    await page.getByTestId('today-artwork-submitted').waitFor();
    await screenshot(page, 'artwork-today-desktop');
    await staff.close();
  });

  it('the customer orders a polo with the logo; it goes to production and the work order shows the logo', async () => {
    const ctx = await context(customerState);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/store');
    const openPolo = async (p: Page) => {
      await p
        .getByTestId('product-card')
        .filter({ hasText: 'Duty Polo' })
        .first()
        .getByRole('button', { name: /^Customize / })
        .click();
      await p.getByTestId('logo-fields').waitFor();
    };
    await openPolo(page);
    const fields = page.getByTestId('logo-fields');
    await fields.getByRole('radio', { name: NAME }).check();
    await fields.getByRole('radio', { name: 'Right' }).check();
    // The logo shows on the garment where it is sewn, priced per piece by the approved proof, the fee once.
    await page.getByTestId('preview-logo').waitFor();
    expect(await page.getByTestId('preview-placements').textContent()).toContain(`Logo: ${NAME}`);
    expect(await page.getByTestId('logo-price').textContent()).toContain('$6.00 per piece, 5,900 stitches');
    expect(await page.getByTestId('digitising-fee').textContent()).toContain('$35.00');
    for (const [label, size] of [
      ['desktop', VIEWPORTS.desktop],
      ['phone', VIEWPORTS.phone],
    ] as const) {
      await page.setViewportSize(size);
      await page.getByTestId('preview-logo').waitFor();
      await screenshot(page, `logo-customiser-${label}`);
      expect(await axeFindings(page, WCAG_TAGS), `customiser at ${label}`).toEqual([]);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole('radio', { name: 'M', exact: true }).check();
    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The dialog closes as the line is sent (the cart shows it at once); the server has it once its answer is in.
    const cartNow = async () => (await (await ctx.request.get('/api/v1/cart/')).json()) as CartAnswer;
    await expect.poll(async () => (await cartNow()).cart.items.length).toBe(1);
    const cart = await cartNow();
    expect(cart.cart.adjustments).toContainEqual({ kind: 'digitising_fee', label: `Digitising: ${NAME}`, amount: 35 });
    const placed = await ctx.request.post('/api/v1/orders/', { data: { fulfillment: 'pickup' } });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()).order as { id: number; order_number: string; total: number };
    expect(order.total).toBe(cart.cart.total);
    expect(errors).toEqual([]);
    await ctx.close();

    const staff = await context(adminState);
    const moved = await staff.request.put(`/api/v1/orders/${order.id}/status`, { data: { status: 'in_production' } });
    expect(moved.status()).toBe(200);
    const floor = await staff.newPage();
    await floor.goto(`/admin/production/work-orders?orders=${order.id}`);
    const sewn = floor.getByTestId('work-order').getByTestId('logo-on-paper');
    await sewn.waitFor();
    const words = await sewn.textContent();
    expect(words).toContain(`Logo: ${NAME}`);
    expect(words).toContain('5,900 stitches');
    expect(words).toContain('Red 1902, Royal 1842');
    await screenshot(floor, 'logo-work-order-desktop');
    await staff.close();
  });
});
