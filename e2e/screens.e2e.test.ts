import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openLoginModal } from './support/auth';
import { baseUrl, launchBrowser, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { setUpLaterScreens, type LaterScreens } from './support/later-screens';
import { pagePool, settled } from './support/page-pool';
import {
  addPlainLine,
  approvalPath,
  guestMessage,
  placeOrder,
  signedInState,
  type StorageState,
} from './support/people';

// Every main screen at the four sizes of issue 21, as the role that sees it, saved under .tmp/screens-4/ (kept by CI)
// to be looked at. Each shot also checks the page does not scroll sideways.
type Size = keyof typeof VIEWPORTS;
type Who = 'guest' | 'member' | 'allowanceMember' | 'admin';
type Shot = {
  name: string;
  who: Who;
  url: string | (() => string);
  ready: (page: Page) => Promise<unknown>;
  sizes?: Size[];
};

const OUT = path.resolve('.tmp/screens-4');
let browser: Browser;
const pages = pagePool(() => browser);
const states: Partial<Record<Who, StorageState>> = {};
let approval = '';
let orderId = 0;
let later: LaterScreens;

beforeAll(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  browser = await launchBrowser();
  const member = uniqueEmail('screens', 'dvfire.gov');
  states.admin = await signedInState(browser, E2E_ADMIN);
  states.member = await signedInState(browser, member);
  const context = await browser.newContext({ baseURL: baseUrl(), storageState: states.member });
  await addPlainLine(context, 0, 2);
  const order = await placeOrder(context);
  orderId = order.id;
  approval = await approvalPath(order.order_number);
  const admin = await browser.newContext({ baseURL: baseUrl(), storageState: states.admin });
  later = await setUpLaterScreens(browser, admin, { context, email: member, orderId });
  states.allowanceMember = later.allowanceMember;
  await admin.close();
  // A cart for the store and checkout shots.
  await addPlainLine(context, 0, 1);
  await addPlainLine(context, 1, 3);
  await context.close();
  await guestMessage(browser, 'Pat Guest', 'pat@example.test', 'Do you embroider department patches on caps?');
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();
const testId = (id: string) => (page: Page) => page.getByTestId(id).first().waitFor();

// The screens of issues 18 to 22: catalogue, department catalogues and allowances, payments, conversations both ways.
const staffOrder = (p: Page) => p.getByRole('dialog', { name: /^Order / });
const openStaffOrder = async (p: Page) => {
  await staffOrder(p).getByTestId('payment-summary').waitFor();
};
const LATER_SHOTS: Shot[] = [
  {
    name: 'admin-catalog-garment',
    who: 'admin',
    url: '/admin/catalog',
    ready: async (page) => {
      await page.getByTestId('garment-card').first().getByRole('button', { name: 'Edit garment' }).click();
      await page.getByRole('dialog', { name: /^Edit / }).waitFor();
    },
  },
  {
    name: 'admin-catalog-colour',
    who: 'admin',
    url: '/admin/catalog',
    ready: async (page) => {
      await page.getByTestId('garment-card').first().getByRole('button', { name: 'Edit colour' }).first().click();
      await page.getByRole('dialog', { name: /^Edit / }).waitFor();
    },
  },
  {
    name: 'admin-department-catalog',
    who: 'admin',
    url: '/admin/users',
    ready: async (page) => {
      await page.getByRole('tab', { name: 'Departments' }).click();
      await page.getByRole('button', { name: `Edit ${later.departmentName}` }).click();
      await page.getByTestId('picker-garment').first().scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'admin-department-report',
    who: 'admin',
    url: () => `/admin/departments/${later.departmentId}`,
    ready: heading('Per member'),
  },
  { name: 'admin-statements', who: 'admin', url: '/admin/statements', ready: heading(/Statements/) },
  { name: 'admin-saved-replies', who: 'admin', url: '/admin/messages/saved-replies', ready: testId('saved-reply') },
  {
    name: 'admin-order-payment',
    who: 'admin',
    url: () => `/admin/orders?order=${orderId}`,
    ready: async (page) => {
      await openStaffOrder(page);
      await staffOrder(page).getByTestId('payment-panel').scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'admin-order-record-payment',
    who: 'admin',
    url: () => `/admin/orders?order=${orderId}`,
    ready: async (page) => {
      await openStaffOrder(page);
      await staffOrder(page).getByRole('button', { name: 'Record payment' }).click();
      await page.getByRole('dialog', { name: /^Record a payment on/ }).waitFor();
    },
  },
  {
    name: 'admin-order-refund',
    who: 'admin',
    url: () => `/admin/orders?order=${orderId}`,
    ready: async (page) => {
      await openStaffOrder(page);
      await staffOrder(page).getByRole('button', { name: 'Refund' }).click();
      await page.getByRole('dialog', { name: /^Refund on/ }).waitFor();
    },
  },
  {
    name: 'admin-order-message',
    who: 'admin',
    url: () => `/admin/orders?order=${orderId}`,
    ready: async (page) => {
      await openStaffOrder(page);
      await page.getByTestId('order-messages').getByRole('button', { name: 'Message customer' }).click();
      await page.getByLabel('Message to the customer').scrollIntoViewIfNeeded();
    },
  },
  { name: 'my-messages', who: 'member', url: '/messages', ready: testId('my-message') },
  { name: 'invoice', who: 'guest', url: () => later.invoicePath, ready: testId('invoice') },
  { name: 'order-placed', who: 'member', url: () => `/orders/${orderId}/placed`, ready: testId('placed-order-number') },
  { name: 'checkout-allowance', who: 'allowanceMember', url: '/checkout', ready: testId('checkout-allowance') },
];

const SHOTS: Shot[] = [
  { name: 'landing', who: 'guest', url: '/', ready: testId('hero-sign-in') },
  {
    name: 'landing-login',
    who: 'guest',
    url: '/',
    ready: async (page) => {
      await testId('hero-sign-in')(page);
      await openLoginModal(page);
    },
  },
  {
    name: 'approval',
    who: 'guest',
    url: '/approval/TOKEN',
    ready: (p) => p.getByRole('button', { name: 'Approve order' }).waitFor(),
  },
  {
    name: 'store',
    who: 'member',
    url: '/store',
    ready: (p) =>
      p
        .getByRole('button', { name: /Customize/ })
        .first()
        .waitFor(),
  },
  {
    name: 'store-product',
    who: 'member',
    url: '/store',
    ready: async (page) => {
      await page
        .getByRole('button', { name: /Customize/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'store-cart',
    who: 'member',
    url: '/store',
    sizes: ['phone', 'phoneLandscape'],
    ready: async (page) => {
      // Portrait phones open the bottom sheet from the bar, short landscape ones the drawer from the header.
      const portrait = page.viewportSize()!.width < 768;
      const opener = portrait
        ? page.getByTestId('mobile-cart-bar').getByRole('button')
        : page.getByTestId('cart-link').getByRole('button');
      await opener.click();
      await page.getByRole('dialog', { name: 'Shopping Cart' }).getByText('Proceed to Checkout').waitFor();
    },
  },
  {
    name: 'checkout',
    who: 'member',
    url: '/checkout',
    ready: (p) => p.getByRole('button', { name: 'Place order' }).waitFor(),
  },
  { name: 'orders', who: 'member', url: '/orders', ready: testId('order-row') },
  { name: 'admin-orders', who: 'admin', url: '/admin/orders', ready: heading(/Orders/) },
  { name: 'admin-users', who: 'admin', url: '/admin/users', ready: testId('user-row') },
  { name: 'admin-catalog', who: 'admin', url: '/admin/catalog', ready: testId('garment-card') },
  {
    name: 'admin-departments',
    who: 'admin',
    url: '/admin/users',
    ready: async (page) => {
      await page.getByRole('tab', { name: 'Departments' }).click();
      await testId('department-card')(page);
    },
  },
  {
    name: 'admin-access',
    who: 'admin',
    url: '/admin/users',
    ready: async (page) => {
      await page.getByRole('tab', { name: 'Sign-in access' }).click();
      await heading('Allowed e-mails')(page);
    },
  },
  {
    name: 'admin-messages',
    who: 'admin',
    url: '/admin/messages',
    ready: (p) => p.getByTestId('conversation-row').first().waitFor({ state: 'attached' }),
  },
  {
    name: 'admin-thread',
    who: 'admin',
    url: '/admin/messages',
    ready: async (page) => {
      await page.getByTestId('conversation-row').first().click();
      await testId('thread-message')(page);
    },
  },
  { name: 'admin-settings', who: 'admin', url: '/admin/settings', ready: (p) => p.getByLabel('Tax rate').waitFor() },
  ...LATER_SHOTS,
];

const SIZES = Object.keys(VIEWPORTS) as Size[];

for (const size of SIZES) {
  const viewport = VIEWPORTS[size];
  describe(`screens at ${viewport.width}x${viewport.height}`, () => {
    for (const shot of SHOTS.filter((s) => !s.sizes || s.sizes.includes(size))) {
      it(`${shot.name} is saved and does not scroll sideways`, async () => {
        const page = await pages.get(viewport, states[shot.who], shot.who);
        const url = typeof shot.url === 'string' ? shot.url : shot.url();
        await page.goto(url.replace('/approval/TOKEN', approval));
        await shot.ready(page);
        await settled(page);
        await page.screenshot({ path: path.join(OUT, `${shot.name}-${viewport.width}x${viewport.height}.png`) });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }, 60_000);
    }
  });
}
