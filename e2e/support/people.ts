import type { Browser, BrowserContext } from 'playwright-core';
import { startSession } from './session';
import { baseUrl, waitForMail } from './browser';
import type { CaughtMail } from './smtp';

// People and data the screen-wide tests (screens, keyboard) set up through the real API.
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
export const DEPARTMENT_APPROVER = 'quartermaster@dvfire.gov';
const api = (path: string) => `${baseUrl()}/api/v1${path}`;

async function ok(res: { ok: () => boolean; text: () => Promise<string> }, what: string) {
  if (!res.ok()) throw new Error(`${what} failed: ${await res.text()}`);
}

/** Completes the profile so the persistent first-time profile modal stays shut. */
export async function completeProfile(context: BrowserContext, first = 'Dana', last = 'Ramirez') {
  const res = await context.request.put(api('/users/profile/'), {
    data: {
      first_name: first,
      last_name: last,
      phone: '6025550142',
      address_line1: '1 Station Way',
      address_line2: null,
      city: 'Mesa',
      state: 'AZ',
      zip_code: '85201',
    },
  });
  await ok(res, 'profile');
}

/** A signed-in context's cookies, profile complete. */
export async function signedInState(browser: Browser, email: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  await startSession(context, email);
  await completeProfile(context);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Adds one plain line (no name, so no spelling confirmation) of the n-th product to the cart. */
export async function addPlainLine(context: BrowserContext, n = 0, quantity = 1) {
  const products = (await (await context.request.get(api('/products/'))).json()).products as {
    id: number;
    sizes: { label: string }[];
  }[];
  const product = products[n]!;
  const res = await context.request.post(api('/cart/items'), {
    data: { product_id: product.id, size: product.sizes[0]!.label, quantity, customizations: {} },
  });
  await ok(res, 'add to cart');
}

/** Places the cart as a pickup order; returns its id and number. */
export async function placeOrder(context: BrowserContext): Promise<{ id: number; order_number: string }> {
  const res = await context.request.post(api('/orders/'), { data: { fulfillment: 'pickup' } });
  await ok(res, 'place order');
  const { id, order_number } = (await res.json()).order as { id: number; order_number: string };
  return { id, order_number };
}

const linkFrom = (mail: CaughtMail, kind: 'approval' | 'denial') => {
  const m = new RegExp(`https?://\\S+/${kind}/[A-Za-z0-9_-]+`).exec(mail.text);
  if (!m) throw new Error(`no ${kind} link in "${mail.subject}"`);
  return new URL(m[0]).pathname;
};

/** The path of the approval link the department's approver was sent for an order. */
export async function approvalPath(orderNumber: string): Promise<string> {
  const mail = await waitForMail(DEPARTMENT_APPROVER, new RegExp(`Approval needed: order ${orderNumber}$`));
  return linkFrom(mail, 'approval');
}

/** A guest's message to the shop, so the message centre has a conversation. */
export async function guestMessage(browser: Browser, name: string, email: string, message: string) {
  const guest = await browser.newContext({ baseURL: baseUrl() });
  const res = await guest.request.post(api('/contact'), {
    data: { name, email, message, recaptcha_token: '' },
  });
  await ok(res, 'contact');
  await guest.close();
}
