import { describe, expect } from 'vitest';
import { test } from './support/fixtures';
import { screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';

describe('customer records', () => {
  test('staff open a customer from their order, add a note and write to them', async ({
    signedInPage,
    shop,
    mailbox,
  }) => {
    const email = uniqueEmail('record');
    const customer = await signedInPage(email, { profile: { first: 'Rosa', last: 'Parkes' } });
    const { products } = await (await customer.context.request.get(shop.api('/products/'))).json();
    const add = await customer.context.request.post(shop.api('/cart/items'), {
      data: { product_id: products[0].id, size: products[0].sizes[1].label, quantity: 1, customizations: {} },
    });
    expect(add.ok(), await add.text()).toBe(true);
    const placed = await customer.context.request.post(shop.api('/orders/'), { data: { fulfillment: 'pickup' } });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order } = await placed.json();

    const { page } = await signedInPage(E2E_ADMIN);
    await page.goto(`/admin/orders?order=${order.id}`);
    const view = page.getByRole('dialog', { name: `Order ${order.order_number}` });
    await view.getByRole('link', { name: 'Rosa Parkes' }).click();
    await page.getByRole('heading', { name: 'Rosa Parkes', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('total-spent').textContent()).toBe(`$${order.total.toFixed(2)}`);
    const row = page.getByRole('row', { name: new RegExp(order.order_number) });
    await expect.poll(() => row.textContent()).toContain('Unpaid');

    await page.getByLabel('New note (staff only)').fill('Prefers a call before pickup');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByTestId('customer-notes').getByText('Prefers a call before pickup').waitFor();

    await page.getByLabel('Message the customer (e-mailed to them)').fill('Your shirt is ready, come by any time.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page
      .getByTestId('customer-conversations')
      .getByRole('link', { name: /1 message/ })
      .waitFor();
    const mail = await mailbox.waitFor(email, /A message from/);
    expect(mail.text).toContain('Your shirt is ready, come by any time.');
    await screenshot(page, 'customer-record-desktop');

    const phone = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.phone });
    await phone.page.goto(page.url());
    await phone.page.getByTestId('customer-notes').getByText('Prefers a call before pickup').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await screenshot(phone.page, 'customer-record-phone');
  });
});
