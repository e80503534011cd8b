import { describe, expect } from 'vitest';
import { test } from './support/fixtures';
import { screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';

describe('orders placed by staff for a customer', () => {
  test('an employee takes a phone order of two lines with a name; the customer sees it in their orders', async ({
    signedInPage,
    shop,
    mailbox,
  }) => {
    const email = uniqueEmail('phone-order');
    const customer = await signedInPage(email, { profile: { first: 'Rosa', last: 'Parkes' } });
    const staffEmail = uniqueEmail('phone-staff');
    const admin = await signedInPage(E2E_ADMIN);
    const staff = await signedInPage(staffEmail, { profile: { first: 'Sam', last: 'Staff' } });
    const find = async (who: string) =>
      (
        (await (await admin.context.request.get(shop.api(`/users/?search=${who}`))).json()) as {
          users: { id: number }[];
        }
      ).users[0]!.id;
    const promote = await admin.context.request.patch(shop.api(`/users/${await find(staffEmail)}`), {
      data: { role: 'employee' },
    });
    expect(promote.ok(), await promote.text()).toBe(true);
    const customerId = await find(email);

    const { page } = staff;
    await page.goto(`/admin/customers/${customerId}`);
    await page.getByRole('link', { name: 'Place an order for Rosa Parkes' }).click();
    await page.getByRole('heading', { name: 'New order for Rosa Parkes', level: 1 }).waitFor();

    const pick = page.getByLabel('Add a product');
    const options = await pick.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    await pick.selectOption(options[1]!);
    await page.getByRole('button', { name: 'Add line' }).click();
    const first = page.getByTestId('edit-line').first();
    await first.getByRole('checkbox', { name: 'Embroidered name' }).check();
    await first.getByLabel('Name to embroider').fill('PARKES');
    await pick.selectOption(options[2]!);
    await page.getByRole('button', { name: 'Add line' }).click();
    await expect.poll(() => page.getByTestId('edit-line').count()).toBe(2);
    const summary = page.getByTestId('place-order-summary');
    await expect.poll(() => summary.textContent()).toContain('Embroidered name');
    // The summary is priced by the server after each change: the total is read once both lines are in it.
    await expect.poll(async () => (await summary.textContent())?.match(/\d+ ×/g)?.length).toBe(2);
    await expect.poll(() => page.getByTestId('place-order-total').textContent()).toMatch(/^\$\d+\.\d\d$/);
    await screenshot(page, 'phone-order-desktop');
    const total = await page.getByTestId('place-order-total').textContent();

    await page.getByRole('button', { name: 'Place order for Rosa Parkes' }).click();
    await page.waitForURL((u) => u.pathname === `/admin/customers/${customerId}`);
    const row = page.getByRole('row', { name: /CSU-/ });
    await row.waitFor();
    const orderNumber = (await row.textContent())!.match(/CSU-\d{4}-\d+/)![0];

    const mail = await mailbox.waitFor(email, new RegExp(`Order ${orderNumber} received`));
    expect(mail.text).toContain('PARKES');

    await customer.page.goto('/orders');
    await customer.page.getByText(orderNumber).first().waitFor();
    await customer.page.getByText(orderNumber).first().click();
    await customer.page.getByText('Placed by Sam Staff (phone order)').first().waitFor();
    expect(await customer.page.textContent('body')).toContain(total!);
    expect(staff.consoleErrors).toEqual([]);

    const phone = await signedInPage(staffEmail, { viewport: VIEWPORTS.phone, profile: false });
    await phone.page.goto(`/admin/customers/${customerId}/new-order`);
    await phone.page.getByRole('heading', { name: 'New order for Rosa Parkes', level: 1 }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await screenshot(phone.page, 'phone-order-phone');
  });
});
