import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { formatShopDateTime } from '../../shared/time';
import { departments, outbox } from '../db/schema';
import { createTestApp } from '../test/harness';
import { json, signedIn, type SignedIn } from '../test/users';
import { approvalTokensFromMail, fillCart, mailsTo, pickup } from '../test/orders';
import type { App } from '../app-types';

const ENV_ADDRESS = 'orders-desk@shop.example';
const { app } = await createTestApp({ SHOP_NOTIFY_EMAIL: ENV_ADDRESS });
const bare = (await createTestApp()).app;
const admin = await signedIn(app, 'admin');
const APPROVER = 'chief@dvfire.gov';
await app.deps.db
  .update(departments)
  .set({ approverEmails: [APPROVER], requiresApproval: true })
  .where(eq(departments.name, 'Desert Valley Fire & Medical'));

async function place(on: App, user: SignedIn) {
  await fillCart(on, user.id, [{ quantity: 2 }]);
  const res = await on.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: pickup });
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}

const noticesOf = (on: App) => on.deps.db.select().from(outbox).where(eq(outbox.kind, 'shop_new_order'));
const putSettings = (payload: object, headers = admin.headers) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/settings/',
    headers,
    payload: { tax_rate: 0.078, shipping_cost: 8, customization_cost: 6, ...payload },
  });

describe('the new-order notice', () => {
  it('goes to the environment address when the setting is empty, with the link and the shop time', async () => {
    const u = await signedIn(app);
    const order = await place(app, u);
    const mails = await mailsTo(app, ENV_ADDRESS);
    expect(mails.map((m) => m.subject)).toEqual([`New order ${order.order_number}`]);
    expect(mails[0]!.kind).toBe('shop_new_order');
    expect(mails[0]!.textBody).toContain(`http://localhost:3000/admin/orders?order=${order.id}`);
    expect(mails[0]!.textBody).toContain(`Placed: ${formatShopDateTime(order.created_at)}`);
    expect(mails[0]!.textBody).toMatch(/Placed: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M MST/);
  });

  it('goes to the setting address instead once an admin sets one, and back to the environment when cleared', async () => {
    const set = await putSettings({ shop_notify_email: ' Floor@Shop.example ' });
    expect(set.statusCode).toBe(200);
    expect(set.json().settings.shop_notify_email).toBe('floor@shop.example');
    const asAdmin = await app.inject({ method: 'GET', url: '/api/v1/settings/', headers: admin.headers });
    expect(asAdmin.json().settings.shop_notify_email).toBe('floor@shop.example');
    // The inbox address is not for the public or customers.
    const asGuest = await app.inject({ method: 'GET', url: '/api/v1/settings/' });
    expect(asGuest.json().settings).not.toHaveProperty('shop_notify_email');
    const u = await signedIn(app);
    const asCustomer = await app.inject({ method: 'GET', url: '/api/v1/settings/', headers: u.headers });
    expect(asCustomer.json().settings).not.toHaveProperty('shop_notify_email');

    // A settings save without the field (the older form) keeps the address.
    expect((await putSettings({})).json().settings.shop_notify_email).toBe('floor@shop.example');

    const envBefore = (await mailsTo(app, ENV_ADDRESS)).length;
    const order = await place(app, u);
    expect((await mailsTo(app, 'floor@shop.example')).map((m) => m.subject)).toEqual([
      `New order ${order.order_number}`,
    ]);
    expect(await mailsTo(app, ENV_ADDRESS)).toHaveLength(envBefore);

    const cleared = await putSettings({ shop_notify_email: '' });
    expect(cleared.json().settings.shop_notify_email).toBeNull();
    const next = await place(app, u);
    expect((await mailsTo(app, ENV_ADDRESS)).at(-1)!.subject).toBe(`New order ${next.order_number}`);
  });

  it('refuses a bad address and changes nothing', async () => {
    await putSettings({ shop_notify_email: 'floor@shop.example' });
    const bad = await putSettings({ shop_notify_email: 'not an address', tax_rate: 0.09 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({
      field: 'shop_notify_email',
      message: 'Please enter a valid email address',
    });
    const now = (await app.inject({ method: 'GET', url: '/api/v1/settings/', headers: admin.headers })).json().settings;
    expect(now).toMatchObject({ tax_rate: 0.078, shop_notify_email: 'floor@shop.example' });
    const employee = await signedIn(app, 'employee');
    expect((await putSettings({ shop_notify_email: 'x@shop.example' }, employee.headers)).statusCode).toBe(403);
    expect((await putSettings({ shop_notify_email: 'x@shop.example' }, json)).statusCode).toBe(401);
  });

  it('waits for the department: none at placement of an order awaiting approval, one when it is approved', async () => {
    await putSettings({ shop_notify_email: 'floor@shop.example' });
    const u = await signedIn(app, 'other', { email: `crew-${Date.now()}@dvfire.gov` });
    const before = (await noticesOf(app)).length;
    const order = await place(app, u);
    expect(order.status).toBe('awaiting_approval');
    expect(await noticesOf(app)).toHaveLength(before);

    const [token] = (await approvalTokensFromMail(app, APPROVER)).slice(-1);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/approvals/${token}/approve`,
      headers: json,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const notices = (await noticesOf(app)).slice(before);
    expect(notices.map((m) => [m.toAddress, m.subject])).toEqual([
      ['floor@shop.example', `Order ${order.order_number} approved`],
    ]);
    expect(notices[0]!.textBody).toContain(`/admin/orders?order=${order.id}`);
    expect(notices[0]!.textBody).toContain('Desert Valley Fire & Medical approved this order');
  });

  it('is not sent when neither the setting nor the environment names an address', async () => {
    const u = await signedIn(bare);
    const order = await place(bare, u);
    expect(order.status).toBe('pending');
    expect(await noticesOf(bare)).toEqual([]);
    // The customer's own mail still goes, so the order did queue mail.
    expect((await mailsTo(bare, u.email)).map((m) => m.subject)).toEqual([`Order ${order.order_number} received`]);
  });
});
