import { describe, expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { test } from './support/fixtures';
import { baseUrl, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';

// The staff home, the global search and the users table in Chromium: a Today count opens exactly its orders, the
// header's box finds an order by a phone number typed in another format, and the users filters and role dialog.
const api = (p: string) => `${baseUrl()}/api/v1${p}`;
const tag = Math.random().toString(36).slice(2, 8);

async function setPhone(context: BrowserContext, first: string, last: string, phone: string) {
  const res = await context.request.put(api('/users/profile/'), {
    data: {
      first_name: first,
      last_name: last,
      phone,
      address_line1: '1 Station Way',
      address_line2: null,
      city: 'Mesa',
      state: 'AZ',
      zip_code: '85201',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function newOrdersCount(context: BrowserContext): Promise<number> {
  const res = await context.request.get(api('/today'));
  expect(res.ok(), await res.text()).toBe(true);
  const { today } = (await res.json()) as { today: { orders: { key: string; count: number }[] } };
  return today.orders.find((o) => o.key === 'new_orders')!.count;
}

async function placeOrder(context: BrowserContext): Promise<{ id: number; order_number: string }> {
  const { products } = (await (await context.request.get(api('/products/'))).json()) as {
    products: { id: number; sizes: { label: string }[] }[];
  };
  const add = await context.request.post(api('/cart/items'), {
    data: { product_id: products[0]!.id, size: products[0]!.sizes[1]!.label, quantity: 1, customizations: {} },
  });
  expect(add.ok(), await add.text()).toBe(true);
  const res = await context.request.post(api('/orders/'), { data: { fulfillment: 'pickup' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).order;
}

describe('the Today page', () => {
  test('a count opens the order list showing exactly those orders', async ({ signedInPage }) => {
    const customer = await signedInPage(uniqueEmail('today'), { profile: { first: 'Tess', last: 'Day' } });
    const order = await placeOrder(customer.context);
    const { page } = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.desktop });
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    const link = page.getByTestId('today-new_orders-count');
    await link.waitFor();
    await screenshot(page, 'today-desktop');
    const count = Number(await link.textContent());
    expect(count).toBeGreaterThanOrEqual(1);
    await link.click();
    await page.waitForURL((u) => u.pathname === '/admin/orders' && u.searchParams.get('range') === 'custom');
    await page.locator(`[data-testid="admin-order-row"][data-order-number="${order.order_number}"]`).first().waitFor();
    const from = new URL(page.url()).searchParams.get('from')!;
    expect(await page.getByLabel('From').inputValue()).toBe(from);
    const rows = page.locator('[data-testid="admin-order-row"]:visible');
    if (count <= 100) await expect.poll(() => rows.count()).toBe(count);
    else {
      // Over a page, the pager tells the total. Other journeys on this worker's shop may place orders while this one
      // runs, so the total must lie between the count read before the list opened and the count read after it.
      const pager = page.getByRole('navigation', { name: 'Pages' });
      await pager.waitFor();
      const total = Number(/of (\d+)/.exec((await pager.textContent()) ?? '')?.[1]);
      const after = await newOrdersCount(page.context());
      expect(total).toBeGreaterThanOrEqual(count);
      expect(total).toBeLessThanOrEqual(after);
    }

    // An older link to /admin carrying the list's query still opens the list.
    await page.goto('/admin?status=pending');
    await page.waitForURL((u) => u.pathname === '/admin/orders' && u.searchParams.get('status') === 'pending');
  });

  test('is usable on a phone', async ({ signedInPage }) => {
    const { page } = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.phone });
    await page.goto('/admin');
    await page.getByTestId('today-overdue-count').waitFor();
    await screenshot(page, 'today-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('the global search', () => {
  test('finds an order by a phone number typed in another format, from the header box', async ({ signedInPage }) => {
    const digits = String(1000 + Math.floor(Math.random() * 9000));
    const customer = await signedInPage(uniqueEmail('caller'), { profile: false });
    await setPhone(customer.context, 'Paz', `Caller${tag}`, `480-555-${digits}`);
    const order = await placeOrder(customer.context);

    const { page } = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.desktop });
    await page.goto('/admin');
    await page.getByTestId('today-new_orders-count').waitFor();
    // `/` focuses the box from anywhere but a field.
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('admin-search');
    await page.keyboard.type(`(480) 555-${digits}`);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/admin/search' && u.searchParams.get('q') === `(480) 555-${digits}`);
    const hit = page.getByTestId('search-order').filter({ hasText: order.order_number });
    await hit.waitFor();
    await page
      .getByTestId('search-customer')
      .filter({ hasText: `Paz Caller${tag}` })
      .waitFor();
    await screenshot(page, 'search-desktop');

    // The link with the text works on its own, and one character finds nothing.
    await page.goto(`/admin/search?q=${encodeURIComponent(`480.555.${digits}`)}`);
    await page.getByTestId('search-order').filter({ hasText: order.order_number }).waitFor();
    await page.goto('/admin/search?q=4');
    await page.getByText('Type at least 2 characters').waitFor();
    expect(await page.getByTestId('search-order').count()).toBe(0);
  });
});

describe('the users table', () => {
  test('filters by role, department and status in the URL, and asks before a role change', async ({ signedInPage }) => {
    const { page } = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.desktop });
    const domain = `users${tag}.test`;
    const dept = await page.request.post(api('/departments/'), {
      data: { name: `Users Test ${tag}`, domains: [domain], requires_approval: false },
    });
    expect(dept.status(), await dept.text()).toBe(201);
    const departmentId = (await dept.json()).department.id as number;
    const email = `wren.${tag}@${domain}`;
    await signedInPage(email, { profile: { first: 'Wren', last: `Baker${tag}` } });

    await page.goto('/admin/users');
    await page.getByTestId('user-row').first().waitFor();
    await page.getByLabel('Role', { exact: true }).selectOption('other');
    await page.getByLabel('Department').selectOption(String(departmentId));
    await page.getByLabel('Status').selectOption('true');
    await page.waitForURL(
      (u) =>
        u.searchParams.get('role') === 'other' &&
        u.searchParams.get('department') === String(departmentId) &&
        u.searchParams.get('active') === 'true',
    );
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    await screenshot(page, 'users-table-desktop');

    // The filters are in the URL: a reload keeps them.
    await page.reload();
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    // The department list loads beside the users: the select shows the URL's choice once its option is there.
    await expect.poll(() => page.getByLabel('Department').inputValue()).toBe(String(departmentId));

    const role = page.getByLabel(`Role for ${email}`);
    await role.selectOption('employee');
    const dialog = page.getByRole('dialog', { name: 'Change role?' });
    await dialog.getByText(`Wren Baker${tag} (${email}): from Customer to Employee`).waitFor();
    await screenshot(page, 'users-role-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await role.inputValue()).toBe('other');

    await role.selectOption('employee');
    await dialog.getByRole('button', { name: 'Make Employee' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Now an employee, the person leaves the customers-only view.
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(0);
    await page.getByLabel('Role', { exact: true }).selectOption('employee');
    await expect.poll(() => role.inputValue()).toBe('employee');
  });
});
