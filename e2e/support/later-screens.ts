import type { Browser, BrowserContext } from 'playwright-core';
import { baseUrl, uniqueEmail } from './browser';
import { addPlainLine, placeOrder, signedInState, type StorageState } from './people';

// The data the later screens need before the screen-wide tests (a11y, screens) can show them:
// a customer's order part paid with a message about it, a conversation of the customer's own, a saved reply, and a
// department limited to two garments (one required) with an allowance, whose member has an order and a cart.
/** The kit the allowance member's department offers. */
export const KIT_NAME = 'New recruit';
const api = (path: string) => `${baseUrl()}/api/v1${path}`;

async function ok<R extends { ok: () => boolean; text: () => Promise<string> }>(res: R, what: string): Promise<R> {
  if (!res.ok()) throw new Error(`${what} failed: ${await res.text()}`);
  return res;
}

export type LaterScreens = {
  /** The signed invoice link of the customer's order (no login needed). */
  invoicePath: string;
  departmentId: number;
  departmentName: string;
  /** A member of that department: one order placed, a line in the cart, allowance left. */
  allowanceMember: StorageState;
};

/**
 * Sets the data up through the real API. The customer's order gets $5 in cash (so both Record payment and Refund
 * show) and a staff message; the customer writes once more, so /messages lists two conversations.
 */
export async function setUpLaterScreens(
  browser: Browser,
  admin: BrowserContext,
  customer: { context: BrowserContext; email: string; orderId: number },
): Promise<LaterScreens> {
  const { orderId } = customer;
  await ok(
    await admin.request.post(api(`/orders/admin/${orderId}/payments`), { data: { amount: 5, method: 'cash' } }),
    'record payment',
  );
  await ok(
    await admin.request.post(api(`/contact/orders/${orderId}/messages`), {
      data: { message: 'Your order is embroidered and ready for pickup tomorrow.' },
    }),
    'message customer',
  );
  await ok(
    await customer.context.request.post(api('/contact'), {
      data: {
        contact_type: 'user',
        name: 'Dana Ramirez',
        email: customer.email,
        reason: 'general',
        message: 'Can the caps have the station number on the back?',
      },
    }),
    'customer message',
  );
  await ok(
    await admin.request.post(api('/contact/saved-replies'), {
      data: { title: `Ready in a week ${Date.now().toString(36)}`, body: 'Your order will be ready within 7 days.' },
    }),
    'saved reply',
  );
  const link = await ok(await customer.context.request.get(api(`/orders/${orderId}/invoice-link`)), 'invoice link');
  const invoicePath = new URL(((await link.json()) as { url: string }).url).pathname;

  const products = ((await (await admin.request.get(api('/products/'))).json()) as { products: { id: number }[] })
    .products;
  const domain = `${uniqueEmail('dept')
    .split('@')[0]!
    .replace(/[^a-z0-9]/g, '')}.gov`;
  // The random tail, not the time: two files setting up in the same second must not share a name.
  const departmentName = `Allowance Fire ${domain.slice(-10, -4)}`;
  const made = await ok(
    await admin.request.post(api('/departments/'), {
      data: {
        name: departmentName,
        domains: [domain],
        requires_approval: false,
        allowance_amount: 300,
        allowance_period_start: '07-01',
        approver_emails: [`chief@${domain}`],
        monthly_statement: true,
        product_ids: [products[0]!.id, products[1]!.id],
        required_product_ids: [products[0]!.id],
      },
    }),
    'department',
  );
  const departmentId = ((await made.json()) as { department: { id: number } }).department.id;
  const first = products[0] as unknown as { id: number; customizations: { type: string; sides: string[] }[] };
  const nameSide = first.customizations.find((c) => c.type === 'add_name')?.sides[0];
  await ok(
    await admin.request.post(api('/kits/admin/'), {
      data: {
        department_id: departmentId,
        name: KIT_NAME,
        description: 'What a new firefighter needs on day one',
        items: [
          {
            product_id: first.id,
            quantity: 3,
            decorations: nameSide ? [{ type: 'add_name', position: nameSide }] : [],
          },
          { product_id: products[1]!.id, quantity: 1, decorations: [] },
        ],
      },
    }),
    'kit',
  );
  const allowanceMember = await signedInState(browser, uniqueEmail('allowance', domain));
  const member = await browser.newContext({ baseURL: baseUrl(), storageState: allowanceMember });
  await addPlainLine(member, 0, 2);
  await placeOrder(member);
  await addPlainLine(member, 1, 1);
  await member.close();
  return { invoicePath, departmentId, departmentName, allowanceMember };
}
