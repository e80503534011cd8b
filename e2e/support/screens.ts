import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { axeFindings, WCAG_TAGS } from './axe';
import { startSession } from './session';
import { baseUrl, launchBrowser, SCREENSHOTS, uniqueEmail, VIEWPORTS, waitForMail } from './browser';
import { E2E_ADMIN } from './global-setup';
import { KIT_NAME, setUpLaterScreens, type LaterScreens } from './later-screens';
import { explained, pagePool, settled } from './page-pool';
import { alternatePaths, remember, visit } from './screen-visit';

// Every screen, as each kind of person sees it, with each dialog open, at the four sizes (1280x800, 1024x768, 390x844,
// 844x390): a screenshot in .tmp/screens/ to be looked at (E2E_SCREENSHOTS=1), no sideways scroll, and at 1280x800 and 390x844 (the store
// also at 844x390) axe-core with the WCAG 2.2 A and AA rules, failing on any serious or critical finding.
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type Who = 'guest' | 'customer' | 'member' | 'allowanceMember' | 'employee' | 'admin';
export type Size = keyof typeof VIEWPORTS;
type Screen = {
  name: string;
  who: Who;
  url: () => string;
  /** What shows once the screen is ready (its first match is waited for). */
  ready: (page: Page) => Locator;
  open?: (page: Page) => Promise<unknown>;
  /** The sizes the screen exists at (all four when unset). */
  sizes?: Size[];
};

const AUDITED: Size[] = ['desktop', 'phone'];
// The store on a short landscape phone: the cart as a drawer and the customise dialog with its pinned footer.
const AUDITED_LANDSCAPE = new Set(['store', 'store-product', 'store-cart']);
const audited = (screen: Screen, size: Size) =>
  AUDITED.includes(size) || (size === 'phoneLandscape' && AUDITED_LANDSCAPE.has(screen.name));
const SHOTS = path.resolve('.tmp/screens');
const api = (p: string) => `${baseUrl()}/api/v1${p}`;
const APPROVER = 'quartermaster@dvfire.gov';

let browser: Browser;
// axe is injected as a script, which the shop's CSP rightly refuses: only this file's contexts bypass it.
const pages = pagePool(() => browser, { bypassCSP: true, reducedMotion: 'reduce' });
const states: Partial<Record<Who, StorageState>> = {};
let approvalLink = '';
let denialLink = '';
let usedLink = '';
const orderIds: number[] = [];
let customerId = 0;
let later: LaterScreens;
// How the checks reached their screens, said at the end of the file (a load costs about five moves).
const visits = { loaded: 0, moved: 0 };

async function signedIn(email: string, profile = true): Promise<{ state: StorageState; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  await startSession(context, email);
  if (profile) {
    const res = await context.request.put(api('/users/profile/'), {
      data: { first_name: 'Dana', last_name: 'Ramirez', phone: '6025550100', zip_code: '85009' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return { state: await context.storageState(), context };
}

async function placeOrder(context: BrowserContext): Promise<{ id: number; order_number: string }> {
  const { products } = (await (await context.request.get(api('/products/'))).json()) as {
    products: { id: number; sizes: { label: string }[] }[];
  };
  const item = {
    product_id: products[0]!.id,
    size: products[0]!.sizes[1]!.label,
    quantity: 2,
    customizations: { add_name: { enabled: true, position: 'left_side', text: 'RAMIREZ' } },
  };
  expect((await context.request.post(api('/cart/items'), { data: item })).ok()).toBe(true);
  const res = await context.request.post(api('/orders/'), { data: { fulfillment: 'pickup' } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { order: { id: number; order_number: string } }).order;
}

const linkIn = (text: string, kind: 'approval' | 'denial') => {
  const m = new RegExp(`https?://\\S+/${kind}/[A-Za-z0-9_-]+`).exec(text);
  if (!m) throw new Error(`no ${kind} link`);
  return new URL(m[0]).pathname;
};

async function setUp() {
  // The e2e files of a worker share its modules (vitest.config.ts): what an earlier file here left is forgotten.
  pages.clear();
  orderIds.length = 0;
  for (const who of Object.keys(states) as Who[]) delete states[who];
  visits.loaded = visits.moved = 0;
  browser = await launchBrowser();
  const customerEmail = uniqueEmail('a11y');
  const customer = await signedIn(customerEmail);
  orderIds.push((await placeOrder(customer.context)).id);
  // A second line in the cart so the cart and checkout screens have something to show.
  const { products } = (await (await customer.context.request.get(api('/products/'))).json()) as {
    products: { id: number; sizes: { label: string }[] }[];
  };
  await customer.context.request.post(api('/cart/items'), {
    data: { product_id: products[2]!.id, size: products[2]!.sizes[0]!.label, quantity: 1, customizations: {} },
  });
  states.customer = await customer.context.storageState();

  // A department member: two orders wait for approval, one is then decided so its link shows the "already decided" state.
  const memberEmail = uniqueEmail('a11y-medic', 'dvfire.gov');
  const member = await signedIn(memberEmail);
  const open = await placeOrder(member.context);
  const decided = await placeOrder(member.context);
  const openMail = await waitForMail(APPROVER, new RegExp(`Approval needed: order ${open.order_number}$`));
  const decidedMail = await waitForMail(APPROVER, new RegExp(`Approval needed: order ${decided.order_number}$`));
  approvalLink = linkIn(openMail.text, 'approval');
  denialLink = linkIn(openMail.text, 'denial');
  usedLink = linkIn(decidedMail.text, 'approval');
  const approve = await member.context.request.post(api(`/approvals/${usedLink.split('/').pop()}/approve`), {
    data: {},
  });
  expect(approve.ok(), await approve.text()).toBe(true);
  await member.context.request.post(api('/cart/items'), {
    data: { product_id: products[0]!.id, size: products[0]!.sizes[0]!.label, quantity: 1, customizations: {} },
  });
  states.member = await member.context.storageState();
  await member.context.close();

  const admin = await signedIn(E2E_ADMIN);
  states.admin = admin.state;
  const first = await admin.context.request.get(api(`/orders/admin/${orderIds[0]}`));
  customerId = ((await first.json()) as { order: { customer: { id: number } } }).order.customer.id;
  later = await setUpLaterScreens(browser, admin.context, {
    context: customer.context,
    email: customerEmail,
    orderId: orderIds[0]!,
  });
  states.allowanceMember = later.allowanceMember;
  await customer.context.close();
  const employeeEmail = uniqueEmail('a11y-staff');
  const employee = await signedIn(employeeEmail);
  const { users } = (await (await admin.context.request.get(api(`/users/?search=${employeeEmail}`))).json()) as {
    users: { id: number }[];
  };
  const promote = await admin.context.request.patch(api(`/users/${users[0]!.id}`), { data: { role: 'employee' } });
  expect(promote.ok(), await promote.text()).toBe(true);
  states.employee = employee.state;
  await employee.context.close();
  await admin.context.close();
  // A guest message so the message centre has a conversation to open.
  const guest = await browser.newContext({ baseURL: baseUrl() });
  await guest.request.post(api('/contact'), {
    data: {
      name: 'Pat Guest',
      email: uniqueEmail('a11y-guest'),
      message: 'Do you embroider station names on jackets?',
      contact_type: 'guest',
    },
  });
  await guest.close();
  fs.mkdirSync(SHOTS, { recursive: true });
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name });
const dialogNamed = (name: string | RegExp) => (page: Page) => page.getByRole('dialog', { name }).waitFor();

// The later screens (catalogue, department catalogues and allowances, payments, conversations both ways).
const garmentCard = (p: Page) => p.getByTestId('garment-card').first();
const staffOrder = (p: Page) => p.getByRole('dialog', { name: /^Order / });
const LATER_SCREENS: Screen[] = [
  { name: 'admin-catalog', who: 'admin', url: () => '/admin/catalog', ready: (p) => garmentCard(p) },
  {
    name: 'admin-catalog-garment',
    who: 'admin',
    url: () => '/admin/catalog',
    ready: (p) => garmentCard(p),
    open: async (p) => {
      await garmentCard(p).getByRole('button', { name: 'Edit garment' }).click();
      await dialogNamed(/^Edit /)(p);
    },
  },
  {
    name: 'admin-catalog-colour',
    who: 'admin',
    url: () => '/admin/catalog',
    ready: (p) => garmentCard(p),
    open: async (p) => {
      await garmentCard(p).getByRole('button', { name: 'Edit colour' }).first().click();
      await dialogNamed(/^Edit /)(p);
    },
  },
  {
    name: 'admin-department-catalog',
    who: 'admin',
    url: () => '/admin/users',
    ready: (p) => p.getByTestId('user-row').first(),
    open: async (p) => {
      await p.getByRole('tab', { name: /Departments/ }).click();
      await p.getByRole('button', { name: `Edit ${later.departmentName}` }).click();
      await p.getByTestId('picker-garment').first().scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'admin-department-report',
    who: 'admin',
    url: () => `/admin/departments/${later.departmentId}`,
    ready: heading('Per member'),
  },
  {
    name: 'admin-department-report-send',
    who: 'admin',
    url: () => `/admin/departments/${later.departmentId}`,
    ready: heading('Per member'),
    open: async (p) => {
      await p.getByRole('button', { name: 'Send statement now' }).click();
      await p.getByRole('dialog').waitFor();
    },
  },
  { name: 'admin-statements', who: 'admin', url: () => '/admin/statements', ready: heading(/Statements/) },
  {
    name: 'admin-reports',
    who: 'admin',
    url: () => '/admin/reports?kind=day',
    ready: (p) => p.getByTestId('report-chart'),
  },
  {
    name: 'admin-customer',
    who: 'employee',
    url: () => `/admin/customers/${customerId}`,
    ready: (p) => p.getByTestId('customer-notes'),
  },
  {
    name: 'admin-customer-new-order',
    who: 'employee',
    url: () => `/admin/customers/${customerId}/new-order`,
    ready: (p) => p.getByTestId('place-order-form'),
    open: async (p) => {
      const pick = p.getByLabel('Add a product');
      const first = await pick.locator('option').nth(1).getAttribute('value');
      await pick.selectOption(first!);
      await p.getByRole('button', { name: 'Add line' }).click();
      await p.getByRole('checkbox', { name: 'Embroidered name' }).check();
      await p.getByLabel('Name to embroider').fill('RAMIREZ');
      await p.getByTestId('place-order-total').waitFor();
    },
  },
  {
    name: 'admin-saved-replies',
    who: 'admin',
    url: () => '/admin/messages/saved-replies',
    ready: (p) => p.getByTestId('saved-reply').first(),
  },
  {
    name: 'admin-order-payment',
    who: 'admin',
    url: () => `/admin/orders?order=${orderIds[0]}`,
    ready: (p) => staffOrder(p).getByTestId('payment-summary'),
    open: (p) => staffOrder(p).getByTestId('payment-panel').scrollIntoViewIfNeeded(),
  },
  {
    name: 'admin-order-record-payment',
    who: 'admin',
    url: () => `/admin/orders?order=${orderIds[0]}`,
    ready: (p) => staffOrder(p).getByTestId('payment-summary'),
    open: async (p) => {
      await staffOrder(p).getByRole('button', { name: 'Record payment' }).click();
      await dialogNamed(/^Record a payment on/)(p);
    },
  },
  {
    name: 'admin-order-refund',
    who: 'admin',
    url: () => `/admin/orders?order=${orderIds[0]}`,
    ready: (p) => staffOrder(p).getByTestId('payment-summary'),
    open: async (p) => {
      await staffOrder(p).getByRole('button', { name: 'Refund' }).click();
      await dialogNamed(/^Refund on/)(p);
    },
  },
  {
    name: 'admin-order-message',
    who: 'admin',
    url: () => `/admin/orders?order=${orderIds[0]}`,
    ready: (p) => p.getByTestId('order-messages').getByRole('button', { name: 'Message customer' }),
    open: async (p) => {
      await p.getByTestId('order-messages').getByRole('button', { name: 'Message customer' }).click();
      await p.getByLabel('Message to the customer').scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'my-messages',
    who: 'customer',
    url: () => '/messages',
    ready: (p) => p.getByTestId('my-message').first(),
  },
  {
    name: 'my-messages-reply',
    who: 'customer',
    url: () => '/messages',
    ready: (p) => p.getByTestId('my-message').first(),
    // One conversation per customer: /messages is the list and the thread in one. Here with the reply's error shown.
    open: async (p) => {
      await p.getByLabel('Your reply').fill('Too short');
      await p.getByLabel('Your reply').blur();
      await p.getByText('Message must be at least 20 characters').waitFor();
    },
  },
  { name: 'invoice', who: 'guest', url: () => later.invoicePath, ready: (p) => p.getByTestId('invoice') },
  {
    name: 'order-placed',
    who: 'customer',
    url: () => `/orders/${orderIds[0]}/placed`,
    ready: (p) => p.getByTestId('placed-order-number'),
  },
  {
    name: 'admin-department-kits',
    who: 'admin',
    url: () => '/admin/users',
    ready: (p) => p.getByTestId('user-row').first(),
    open: async (p) => {
      await p.getByRole('tab', { name: /Departments/ }).click();
      await p.getByRole('button', { name: `Kits of ${later.departmentName}` }).click();
      await p.getByTestId('kit-card').first().waitFor();
    },
  },
  {
    name: 'admin-department-kit-form',
    who: 'admin',
    url: () => '/admin/users',
    ready: (p) => p.getByTestId('user-row').first(),
    open: async (p) => {
      await p.getByRole('tab', { name: /Departments/ }).click();
      await p.getByRole('button', { name: `Kits of ${later.departmentName}` }).click();
      await p.getByRole('button', { name: `Edit ${KIT_NAME}` }).click();
      await p.getByTestId('kit-row').first().waitFor();
    },
  },
  {
    name: 'store-kits',
    who: 'allowanceMember',
    url: () => '/store',
    ready: (p) => p.getByTestId('kits-strip'),
  },
  {
    name: 'store-kit-dialog',
    who: 'allowanceMember',
    url: () => '/store',
    ready: (p) => p.getByTestId('kits-strip'),
    open: async (p) => {
      await p.getByRole('button', { name: `Add kit ${KIT_NAME}` }).click();
      await p.getByRole('dialog', { name: `Add kit: ${KIT_NAME}` }).waitFor();
    },
  },
  {
    name: 'checkout-allowance',
    who: 'allowanceMember',
    url: () => '/checkout',
    ready: (p) => p.getByTestId('checkout-allowance'),
  },
];

const SCREENS: Screen[] = [
  { name: 'landing', who: 'guest', url: () => '/', ready: (p) => p.getByText('Visit us', { exact: true }) },
  {
    name: 'landing-login',
    who: 'guest',
    url: () => '/',
    ready: (p) => p.getByTestId('hero-sign-in'),
    open: async (p) => {
      await p.getByTestId('hero-sign-in').click();
      await p.getByLabel('Email Address').waitFor();
    },
  },
  {
    name: 'landing-contact',
    who: 'guest',
    url: () => '/',
    ready: (p) => p.getByTestId('contact-cta').first(),
    open: async (p) => {
      await p.getByTestId('contact-cta').first().click();
      await dialogNamed('Contact Us')(p);
    },
  },
  {
    name: 'landing-product',
    who: 'guest',
    url: () => '/',
    ready: (p) => p.getByTestId('landing-garment').first(),
    open: async (p) => {
      await p
        .getByTestId('landing-garment')
        .first()
        .getByRole('button', { name: /^View / })
        .click();
      await p.getByTestId('product-view').waitFor();
    },
  },
  {
    name: 'approval',
    who: 'guest',
    url: () => approvalLink,
    ready: (p) => p.getByRole('button', { name: 'Approve order' }),
  },
  {
    name: 'denial',
    who: 'guest',
    url: () => denialLink,
    ready: (p) => p.getByRole('button', { name: 'Deny order' }),
  },
  { name: 'approval-used', who: 'guest', url: () => usedLink, ready: (p) => p.getByTestId('approval-state') },
  {
    name: 'store',
    who: 'customer',
    url: () => '/store',
    ready: (p) => p.getByTestId('product-card').first(),
  },
  {
    name: 'store-filtered',
    who: 'customer',
    url: () => '/store?q=polo&colour=navy&decoration=us-flag',
    ready: (p) => p.getByTestId('product-card').first(),
  },
  {
    name: 'store-no-match',
    who: 'customer',
    url: () => '/store?q=spacesuit',
    ready: (p) => p.getByTestId('no-garments'),
  },
  {
    name: 'store-product',
    who: 'customer',
    url: () => '/store',
    ready: (p) => p.getByTestId('product-card').first(),
    open: async (p) => {
      await p
        .getByTestId('product-card')
        .first()
        .getByRole('button', { name: /^Customize / })
        .click();
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'store-size-chart',
    who: 'customer',
    url: () => '/store',
    ready: (p) => p.getByTestId('product-card').first(),
    open: async (p) => {
      await p
        .getByTestId('product-card')
        .first()
        .getByRole('button', { name: /^Customize / })
        .click();
      await p.getByRole('dialog').getByRole('button', { name: 'Size chart' }).click();
      await p.getByTestId('size-chart').waitFor();
    },
  },
  {
    name: 'store-profile',
    who: 'customer',
    url: () => '/store',
    ready: (p) => p.getByTestId('profile-menu-button'),
    open: async (p) => {
      await p.getByTestId('profile-menu-button').click();
      await p.getByRole('menuitem', { name: 'Profile' }).click();
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'store-cart',
    who: 'customer',
    url: () => '/store',
    sizes: ['phone', 'phoneLandscape'],
    ready: (p) => p.getByTestId('product-card').first(),
    // Portrait phones open the bottom sheet from the bar, short landscape ones the drawer from the header.
    open: async (p) => {
      const portrait = p.viewportSize()!.width < 768;
      const opener = portrait
        ? p.getByTestId('mobile-cart-bar').getByRole('button')
        : p.getByTestId('cart-link').getByRole('button');
      await opener.click();
      await p.getByRole('dialog', { name: 'Shopping Cart' }).getByText('Proceed to Checkout').waitFor();
    },
  },
  {
    name: 'checkout',
    who: 'customer',
    url: () => '/checkout',
    ready: (p) => p.getByRole('button', { name: 'Place order' }),
  },
  {
    name: 'checkout-member',
    who: 'member',
    url: () => '/checkout',
    ready: (p) => p.getByTestId('approval-notice'),
  },
  { name: 'orders', who: 'customer', url: () => '/orders', ready: (p) => p.getByTestId('order-row').first() },
  {
    name: 'orders-details',
    who: 'member',
    url: () => '/orders',
    ready: (p) => p.getByTestId('order-row').first(),
    open: async (p) => {
      await p.getByTestId('order-row').first().click();
      await p.getByTestId('order-details').waitFor();
    },
  },
  {
    name: 'orders-buy-again',
    who: 'member',
    url: () => '/orders',
    ready: (p) => p.getByTestId('order-row').first(),
    open: async (p) => {
      await p.getByTestId('order-row').first().click();
      await p.getByTestId('buy-again').click();
      await p.getByTestId('buy-again-report').waitFor();
    },
  },
  {
    name: 'admin-today',
    who: 'employee',
    url: () => '/admin',
    ready: (p) => p.getByTestId('today-new_orders-count'),
  },
  {
    name: 'admin-search',
    who: 'employee',
    url: () => '/admin/search?q=Ramirez',
    ready: (p) => p.getByTestId('search-order').first(),
  },
  {
    name: 'admin-orders',
    who: 'employee',
    url: () => '/admin/orders',
    ready: (p) => p.getByTestId('admin-order-row').first(),
  },
  {
    name: 'admin-order',
    who: 'employee',
    url: () => '/admin/orders',
    ready: (p) => p.getByTestId('admin-order-row').first(),
    open: async (p) => {
      await p.getByTestId('admin-order-row').first().click();
      // The order's own details, not the summary shown while they load.
      await p.getByTestId('order-actions').waitFor();
    },
  },
  {
    name: 'admin-orders-selected',
    who: 'employee',
    url: () => '/admin/orders?status=pending',
    ready: (p) => p.getByTestId('admin-order-row').first(),
    open: async (p) => {
      await p.getByTestId('admin-order-row').first().getByRole('checkbox').check();
      await p.getByTestId('bulk-bar').waitFor();
    },
  },
  {
    name: 'admin-production',
    who: 'employee',
    url: () => '/admin/production',
    ready: (p) => p.getByTestId('production-group').first(),
  },
  {
    name: 'admin-work-orders',
    who: 'employee',
    url: () => `/admin/production/work-orders?orders=${orderIds.join(',')}`,
    ready: (p) => p.getByTestId('work-order').first(),
  },
  {
    name: 'admin-pick-list',
    who: 'employee',
    url: () => `/admin/production/pick-list?orders=${orderIds.join(',')}`,
    ready: (p) => p.getByTestId('pick-row').first(),
  },
  {
    name: 'admin-packing-slips',
    who: 'employee',
    url: () => `/admin/production/packing-slips?orders=${orderIds.join(',')}`,
    ready: (p) => p.getByTestId('packing-slip').first(),
  },
  {
    name: 'admin-ship-orders',
    who: 'employee',
    url: () => `/admin/orders/ship?orders=${orderIds.join(',')}`,
    ready: (p) => p.getByRole('textbox', { name: /^Tracking number for / }),
    open: async (p) => {
      await p.getByRole('button', { name: 'Check' }).click();
      await p.getByTestId('ship-preview').waitFor();
    },
  },
  {
    name: 'admin-messages',
    who: 'employee',
    url: () => '/admin/messages',
    ready: (p) => p.getByTestId('conversation-row').first(),
  },
  {
    name: 'admin-thread',
    who: 'employee',
    url: () => '/admin/messages',
    ready: (p) => p.getByTestId('conversation-row').first(),
    open: async (p) => {
      await p.getByTestId('conversation-row').first().click();
      await p.getByTestId('thread-message').first().waitFor();
    },
  },
  {
    name: 'admin-users',
    who: 'admin',
    url: () => '/admin/users',
    ready: (p) => p.getByTestId('user-row').first(),
  },
  {
    name: 'admin-users-role',
    who: 'admin',
    url: () => '/admin/users?role=other',
    ready: (p) => p.getByTestId('user-row').first(),
    open: async (p) => {
      await p.getByTestId('user-row').first().getByRole('combobox').selectOption('employee');
      await p.getByRole('dialog', { name: 'Change role?' }).waitFor();
    },
  },
  {
    name: 'admin-departments',
    who: 'admin',
    url: () => '/admin/users',
    ready: (p) => p.getByTestId('user-row').first(),
    open: async (p) => {
      await p.getByRole('tab', { name: /Departments/ }).click();
      await p.getByTestId('department-card').first().waitFor();
    },
  },
  {
    name: 'admin-access',
    who: 'admin',
    url: () => '/admin/users',
    ready: (p) => p.getByTestId('user-row').first(),
    open: async (p) => {
      await p.getByRole('tab', { name: 'Sign-in access' }).click();
      await heading('Allowed e-mails')(p).first().waitFor();
      // The policy's choices are dimmed (disabled) until the policy has loaded; the screen is ready once one is on.
      await p.getByRole('radio', { checked: true }).waitFor();
    },
  },
  { name: 'admin-settings', who: 'admin', url: () => '/admin/settings', ready: heading(/Settings/) },
  { name: 'admin-audit', who: 'admin', url: () => '/admin/audit', ready: heading(/Audit log/) },
  ...LATER_SCREENS,
];

const label = (size: Size) => `${VIEWPORTS[size].width}x${VIEWPORTS[size].height}`;

/**
 * One screen at each of the file's sizes, on one page: opened (and its dialog opened) at the first size, then the
 * window is resized to the next, as a person turns a phone or narrows a window. The resize costs a relayout where a
 * second page cost a move, a render and the dialog's clicks again (the tablet and landscape checks were half of these
 * files' time). A dialog the resize closes (the cart sheet closes when a phone turns) is opened again at the new size.
 * A failed check leaves the browser as a new one: in one CI run Chromium's GPU process spun and never finished a
 * screenshot again, and every later check of the file waited out its timeout on the same wedged browser. The retry
 * (and the checks after it) then start clean.
 */
async function checkScreenAt(screen: Screen, sizes: Size[]) {
  try {
    const [first, ...rest] = sizes;
    const page = await openScreen(screen, first!);
    await inspect(page, screen, first!);
    for (const size of rest) {
      const overlays = await page.locator(OVERLAYS).count();
      await page.setViewportSize(VIEWPORTS[size]);
      await layoutFollowed(page);
      if (screen.open && (await page.locator(OVERLAYS).count()) < overlays) {
        await explained(page, `opening its dialog again at ${label(size)}`, () => screen.open!(page));
      }
      await inspect(page, screen, size);
    }
  } catch (error) {
    const wedged = browser;
    pages.clear();
    browser = await launchBrowser();
    await Promise.race([wedged.close(), new Promise((resolve) => setTimeout(resolve, 5_000))]).catch(() => undefined);
    throw error;
  }
}

const OVERLAYS = '[role="dialog"], [role="alertdialog"], [role="menu"]';
/**
 * After a resize: the app re-reads the viewport at once on an orientation change (a resize only after its debounce),
 * so the test fires one, as a phone turning does; then what the new layout closes (the cart sheet) has left. Five
 * seconds at most, and said when it happens: once in a fresh run a landing check waited here (or on the fonts, below)
 * until the test's own timeout, which names no step; an animation that is not running never finishes by itself.
 */
const layoutFollowed = (page: Page) =>
  page
    .evaluate(async () => {
      const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      dispatchEvent(new Event('orientationchange'));
      const settled = async () => {
        await frames();
        await Promise.all(
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        );
        await frames();
        return null;
      };
      const late = () =>
        `${document.getAnimations().filter((a) => a.playState === 'running').length} animations still running, ` +
        `${document.visibilityState} page`;
      return Promise.race([settled(), new Promise<string>((resolve) => setTimeout(() => resolve(late()), 5_000))]);
    })
    .then((stalled) => {
      if (stalled !== null) console.warn(`no settled frame within 5 s of the resize on ${page.url()}: ${stalled}`);
    });

/** The fonts, or five seconds: a font that never arrives is then seen by the width check, not as a timeout. */
async function fontsLoaded(page: Page) {
  const loaded = await page.evaluate(() =>
    Promise.race([
      document.fonts.ready.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(resolve, 5_000, false)),
    ]),
  );
  if (!loaded) console.warn(`the fonts were still loading after 5 s on ${page.url()}`);
}

/** The screen on the person's pooled page of that size (back at that size if a resize left it at another). */
async function openScreen(screen: Screen, size: Size): Promise<Page> {
  const viewport = VIEWPORTS[size];
  const page = await pages.get(viewport, screen.who === 'guest' ? undefined : states[screen.who], screen.who);
  const now = page.viewportSize();
  if (now?.width !== viewport.width || now?.height !== viewport.height) await page.setViewportSize(viewport);
  visits[await explained(page, 'opening', () => visit(page, screen.url()))]++;
  const ready = await explained(page, 'waiting until ready', async () => {
    const target = screen.ready(page);
    await target.waitFor();
    return target.elementHandle();
  });
  remember(page, ready, Boolean(screen.open));
  if (screen.open) await explained(page, 'opening its dialog', () => screen.open!(page));
  return page;
}

/** The screen as it is now: a picture when asked for, no sideways scroll, and axe where the size is audited. */
async function inspect(page: Page, screen: Screen, size: Size) {
  const viewport = VIEWPORTS[size];
  if (SCREENSHOTS) {
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, `${screen.name}-${viewport.width}x${viewport.height}.png`) });
  } else {
    // The width check measures the laid-out page, which a late web font can still widen.
    await fontsLoaded(page);
  }
  const wide = await page.evaluate((limit) => {
    const out = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > limit + 0.5);
    // The innermost ones name the culprit: an element whose children all fit is the one that sticks out.
    return out
      .filter((e) => !out.some((o) => o !== e && e.contains(o)))
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 4).join('.')} → ${Math.round(e.getBoundingClientRect().right)}`,
      );
  }, viewport.width);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `wider than the screen at ${label(size)}: ${wide.join('; ')}`,
  ).toBeLessThanOrEqual(viewport.width);
  if (!audited(screen, size)) return;
  expect(await axeFindings(page, WCAG_TAGS), `axe at ${label(size)}`).toEqual([]);
}

/**
 * Every screen at the given sizes, one after another on one page (checkScreenAt). The four sizes are split over two files so
 * the two e2e workers share the longest suite; each file sets its people and orders up once.
 */
export function screenTests(sizes: Size[]) {
  beforeAll(setUp);
  afterAll(async () => {
    console.log(`screens: ${visits.moved} of ${visits.moved + visits.loaded} checks reached their screen by a move`);
    await browser?.close();
  });
  describe(`every screen at ${sizes.map(label).join(' and ')}`, () => {
    const at = (screen: Screen) => sizes.filter((size) => !screen.sizes || screen.sizes.includes(size));
    const screens = alternatePaths(
      SCREENS.filter((s) => at(s).length),
      (s) => s.url(),
    );
    for (const screen of screens) {
      const audits = at(screen).filter((size) => audited(screen, size));
      const axe = audits.length ? `, no serious or critical axe finding at ${audits.map(label).join(' and ')}` : '';
      it(`${screen.name} (${screen.who}) at ${at(screen).map(label).join(' and ')} is saved and does not scroll sideways${axe}`, () =>
        checkScreenAt(screen, at(screen)));
    }
  });
}
