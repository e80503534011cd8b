import { describe, expect } from 'vitest';
import { test } from './support/fixtures';
import { baseUrl, screenshot, uniqueEmail, VIEWPORTS, waitForMail } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';

// Orders can still change in production (with a reason, an event and a mail), the staff editor prices the lines as
// they are typed, and a cap's customiser offers only what a cap takes: a name on the front.
const api = (p: string) => `${baseUrl()}/api/v1${p}`;

describe('changes on the production floor', () => {
  test('staff move an in-production order back a step with a reason, then edit it watching the live total', async ({
    signedInPage,
  }) => {
    const email = uniqueEmail('phone-call');
    const customer = await signedInPage(email, { profile: { first: 'Rita', last: 'Moreno' } });
    const staff = await signedInPage(E2E_ADMIN, { profile: { first: 'Shop', last: 'Chief' } });
    try {
      const products = (await (await customer.context.request.get(api('/products/'))).json()).products as {
        id: number;
        slug: string;
      }[];
      const polo = products.find((p) => p.slug === 'duty-polo-navy')!;
      const add = await customer.context.request.post(api('/cart/items'), {
        data: { product_id: polo.id, size: 'M', quantity: 2, customizations: [] },
      });
      expect(add.ok(), await add.text()).toBe(true);
      const placed = await customer.context.request.post(api('/orders/'), { data: { fulfillment: 'pickup' } });
      expect(placed.status()).toBe(201);
      const order = (await placed.json()).order as { id: number; order_number: string; total: number };

      // The bulk dialog says exactly which mails go out: none for starting production.
      await staff.page.goto(`/admin/orders?status=pending&q=${encodeURIComponent(email)}`);
      await staff.page.getByTestId('admin-order-row').first().waitFor();
      await staff.page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
      await staff.page.getByTestId('bulk-bar').getByRole('button', { name: 'Move to In production' }).click();
      const bulk = staff.page.getByRole('dialog', { name: 'Move 1 order to In production?' });
      await bulk
        .getByTestId('bulk-mail-note')
        .filter({ hasText: 'No e-mail goes to customers when orders move to in production' })
        .waitFor();
      await screenshot(staff.page, 'prod-changes-bulk-mail-note-desktop');
      await bulk.getByRole('button', { name: 'Back' }).click();
      await bulk.waitFor({ state: 'detached' });

      const started = await staff.context.request.put(api(`/orders/${order.id}/status`), {
        data: { status: 'in_production' },
      });
      expect(started.ok(), await started.text()).toBe(true);

      const { page } = staff;
      await page.goto(`/admin/orders?order=${order.id}`);
      const view = page.getByRole('dialog', { name: `Order ${order.order_number}` });
      const control = view.getByTestId('status-control');
      await control.getByLabel('New status').selectOption({ label: 'Pending (move back a step)' });
      // Without a reason the step is refused before anything is sent.
      await control.getByRole('button', { name: 'Update status' }).click();
      await control.getByText('A reason is required to move an order back a step').waitFor();
      await control.getByLabel('Reason (required, the customer reads it)').fill('Customer called to add a name');
      await screenshot(page, 'prod-changes-step-back-desktop');
      const since = Date.now() - 500;
      await control.getByRole('button', { name: 'Update status' }).click();
      await view.getByText('Customer called to add a name').first().waitFor();
      const mail = await waitForMail(email, new RegExp(`Order ${order.order_number} moved back from production`), {
        since,
      });
      expect(mail.text).toContain('Reason: Customer called to add a name');

      await view.getByRole('button', { name: 'Edit items' }).click();
      const edit = page.getByRole('dialog', { name: `Edit items of ${order.order_number}` });
      const live = edit.getByTestId('edit-live-total');
      const before = `$${order.total.toFixed(2)}`;
      await live.getByText(`Total now ${before}`).waitFor();
      await edit.getByRole('checkbox', { name: 'Embroidered name' }).check();
      await edit.getByLabel('Name to embroider').fill('MORENO');
      await edit.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
      // The server's quote for what is typed, before anything is saved.
      const quote = await staff.context.request.post(api(`/orders/admin/${order.id}/quote`), {
        data: {
          items: [
            {
              product_id: polo.id,
              size: 'M',
              quantity: 3,
              customizations: [{ type: 'add_name', position: 'left_side', text: 'MORENO' }],
            },
          ],
        },
      });
      const expected = `$${((await quote.json()).quote.total as number).toFixed(2)}`;
      expect(expected).not.toBe(before);
      await live.getByText(`Total now ${expected}`).waitFor();
      await screenshot(page, 'prod-changes-edit-live-total-desktop');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.waitFor({ state: 'detached' });
      await view.getByTestId('order-total').filter({ hasText: expected }).waitFor();
      expect(staff.consoleErrors).toEqual([]);
    } finally {
      await staff.context.close();
      await customer.context.close();
    }
  });

  test('an admin prices each decoration kind on the settings page', async ({ signedInPage }) => {
    const admin = await signedInPage(E2E_ADMIN, { profile: { first: 'Shop', last: 'Chief' } });
    try {
      const { page } = admin;
      await page.goto('/admin/settings');
      const us = page.getByLabel('US flag price');
      await expect.poll(() => us.inputValue()).toBe('6.00');
      await us.fill('7.5');
      await page.getByLabel('Arizona flag price').fill('');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page.getByText('Arizona flag price is required').waitFor();
      await page.getByLabel('Arizona flag price').fill('5.25');
      await screenshot(page, 'prod-changes-settings-desktop');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page.getByText('Settings saved').waitFor();
      const saved = (await (await admin.context.request.get(api('/settings/'))).json()).settings;
      expect(saved).toMatchObject({ name_cost: 6, us_flag_cost: 7.5, az_flag_cost: 5.25, customization_cost: 6 });
      expect(admin.consoleErrors).toEqual([]);
    } finally {
      await admin.context.request.put(api('/settings/'), {
        data: { tax_rate: 0.078, shipping_cost: 8, customization_cost: 6 },
      });
      await admin.context.close();
    }
  });

  for (const [name, viewport] of [
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
  ] as const) {
    test(`a cap's customiser offers only a name on the front (${name})`, async ({ signedInPage }) => {
      const shop = await signedInPage(uniqueEmail('cap'), { profile: { first: 'Cam', last: 'Pérez' }, viewport });
      try {
        const { page } = shop;
        await page.goto('/store');
        const card = page.getByTestId('product-card').filter({ hasText: 'Structured Ball Cap' });
        await card.getByRole('button', { name: /^Customize / }).click();
        const dialog = page.getByRole('dialog', { name: /Structured Ball Cap/ });
        await dialog.waitFor();
        expect(await dialog.getByRole('checkbox', { name: /US flag patch/ }).count()).toBe(0);
        expect(await dialog.getByRole('checkbox', { name: /Arizona flag patch/ }).count()).toBe(0);
        await dialog.getByRole('checkbox', { name: /Embroidered name/ }).check();
        const sides = dialog.getByRole('radiogroup', { name: 'Embroidered name side' }).getByRole('radio');
        expect(await sides.allTextContents()).toEqual(['Front']);
        expect(await sides.first().isChecked()).toBe(true);
        await dialog.getByLabel('Name to embroider').fill('PEREZ');
        await screenshot(page, `prod-changes-cap-customiser-${name}`);
        expect(shop.consoleErrors).toEqual([]);
      } finally {
        await shop.context.close();
      }
    });
  }
});
