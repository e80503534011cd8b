import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeFindings } from './support/axe';
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail, VIEWPORTS, waitForMail } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { completeProfile, DEPARTMENT_APPROVER, signedInState, type StorageState } from './support/people';
import { startSession } from './support/session';

// Customers in their own words: the store's search in the trade's words, an approver taking one line off an order
// from the mailed link (the member's mail read back), and an accented embroidered name through to the work order.
let browser: Browser;
let adminState: StorageState;
beforeAll(async () => {
  browser = await launchBrowser();
  adminState = await signedInState(browser, E2E_ADMIN);
});
afterAll(async () => {
  await browser?.close();
});

const api = (p: string) => `${baseUrl()}/api/v1${p}`;
type Product = { id: number; base_name: string; category: string; sizes: { label: string }[] };

describe('customers in their own words', () => {
  it('a search for "hat" in the store finds the caps', async () => {
    const { context, page } = await newPage(browser);
    await startSession(context, uniqueEmail('hat'));
    await completeProfile(context);
    await page.goto('/store?q=hat');
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    const texts = await cards.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) expect(t).toMatch(/Cap/);
    await context.close();
  });

  it('an approver approves without one line from the mailed link; the member is mailed why and the new total', async () => {
    const member = await newPage(browser);
    const email = uniqueEmail('lines', 'dvfire.gov');
    await startSession(member.context, email);
    await completeProfile(member.context, 'José', 'Peña');
    const products = (await (await member.context.request.get(api('/products/'))).json()).products as Product[];
    const polo = products.find((p) => p.category === 'polos')!;
    const cap = products.find((p) => p.category === 'headwear')!;
    for (const [p, quantity] of [
      [polo, 2],
      [cap, 1],
    ] as const) {
      const add = await member.context.request.post(api('/cart/items'), {
        data: { product_id: p.id, size: p.sizes[0]!.label, quantity, customizations: {} },
      });
      expect(add.status(), await add.text()).toBeLessThan(300);
    }
    const started = Date.now();
    const placed = await member.context.request.post(api('/orders/'), { data: { fulfillment: 'pickup' } });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()).order as { id: number; order_number: string; total: number };
    const request = await waitForMail(DEPARTMENT_APPROVER, new RegExp(`order ${order.order_number}$`), {
      since: started,
    });
    const link = new URL(/https?:\/\/\S+\/approval\/[A-Za-z0-9_-]+/.exec(request.text)![0]).pathname;

    // axe is injected into the page, which the shop's content policy rightly refuses unless bypassed.
    const approver = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl(), bypassCSP: true });
    const page = await approver.newPage();
    await page.goto(link);
    const lines = page.getByTestId('removable-line');
    await lines.first().waitFor();
    await lines.filter({ hasText: cap.base_name }).getByRole('checkbox').check();
    const reason = 'Caps come from the station budget';
    await page.getByLabel('Why is this line removed? (the customer reads it)').fill(reason);
    for (const name of ['desktop', 'phone'] as const) {
      await page.setViewportSize(VIEWPORTS[name]);
      expect(await axeFindings(page), name).toEqual([]);
      await screenshot(page, `approval-line-removed-${name}`);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole('button', { name: 'Approve without the removed lines' }).click();
    await page.getByText('You approved this order').waitFor();

    const mail = await waitForMail(email, new RegExp(`Order ${order.order_number}: lines removed by your approver`), {
      since: started,
    });
    expect(mail.text).toContain(`Removed: ${cap.base_name}`);
    expect(mail.text).toContain(`Reason (from your approver): "${reason}"`);
    const after = (await (await member.context.request.get(api(`/orders/${order.id}`))).json()).order as {
      total: number;
      status: string;
      items: { product_id: number }[];
    };
    expect(after.status).toBe('pending');
    expect(after.items.map((i) => i.product_id)).toEqual([polo.id]);
    expect(after.total).toBeLessThan(order.total);
    expect(mail.text).toContain(`-> $${after.total.toFixed(2)}`);
    await approver.close();
    await member.context.close();
  });

  it('"José Peña" as the embroidered name reaches the work order exactly', async () => {
    const member = await newPage(browser);
    await startSession(member.context, uniqueEmail('pena'));
    await completeProfile(member.context);
    const products = (await (await member.context.request.get(api('/products/'))).json()).products as Product[];
    const polo = products.find((p) => p.category === 'polos')!;
    const add = await member.context.request.post(api('/cart/items'), {
      data: {
        product_id: polo.id,
        size: polo.sizes[0]!.label,
        quantity: 1,
        customizations: { add_name: { enabled: true, position: 'left_side', text: 'José Peña' } },
      },
    });
    expect(add.status(), await add.text()).toBeLessThan(300);
    const placed = await member.context.request.post(api('/orders/'), { data: { fulfillment: 'pickup' } });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()).order as { id: number };
    const staff = await browser.newContext({
      viewport: VIEWPORTS.desktop,
      baseURL: baseUrl(),
      storageState: adminState,
    });
    const page = await staff.newPage();
    await page.goto(`/admin/production/work-orders?orders=${order.id}`);
    await page.getByText('José Peña', { exact: false }).first().waitFor();
    expect(await page.locator('body').innerText()).toContain('José Peña');
    await staff.close();
    await member.context.close();
  });
});
