import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSession } from './support/session';
import { baseUrl, launchBrowser, newPage, screenshot, uniqueEmail, VIEWPORTS, waitForMail } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import { addPlainLine, completeProfile, DEPARTMENT_APPROVER, signedInState, type StorageState } from './support/people';
import type { CaughtMail } from './support/smtp';

// Approvals staff can steer and the department report: staff see who was asked and whether they looked,
// resend (the old link dies, the new one works), record a phone approval; the report shows the spend.
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
const approvalLink = (mail: CaughtMail) => {
  const m = /https?:\/\/\S+\/approval\/[A-Za-z0-9_-]+/.exec(mail.text);
  if (!m) throw new Error(`no approval link in "${mail.subject}"`);
  return new URL(m[0]).pathname;
};

async function asStaff(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), storageState: adminState });
  return { context, page: await context.newPage() };
}

async function openOrder(page: Page, id: number, number: string) {
  await page.goto(`/admin/orders?order=${id}`);
  const view = page.getByRole('dialog', { name: `Order ${number}` });
  await view.getByTestId('approvals-panel').getByTestId('approval-link').first().waitFor();
  return view;
}

describe('approvals staff can steer', () => {
  it('staff see the approver and "sent", resend (old link invalid, new one works), record a phone approval; the report shows it', async () => {
    const customer = await newPage(browser);
    const email = uniqueEmail('steer', 'dvfire.gov');
    await startSession(customer.context, email);
    await completeProfile(customer.context, 'Sam', 'Steer');
    await addPlainLine(customer.context);
    const started = Date.now();
    const placed = await customer.context.request.post(api('/orders/'), { data: { fulfillment: 'pickup' } });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()).order as { id: number; order_number: string; total: number };
    const subject = new RegExp(`Approval needed: order ${order.order_number}$`);
    const oldLink = approvalLink(await waitForMail(DEPARTMENT_APPROVER, subject, { since: started }));

    const staff = await asStaff();
    const approver = await newPage(browser);
    try {
      const { page } = staff;
      let view = await openOrder(page, order.id, order.order_number);
      const panel = view.getByTestId('approvals-panel');
      const link = panel.getByTestId('approval-link').first();
      expect(await link.textContent()).toContain(DEPARTMENT_APPROVER);
      expect(await link.textContent()).toMatch(/Sent .*Not opened yet/);

      // The approver opens the link: staff see it was opened.
      await approver.page.goto(oldLink);
      await approver.page.getByRole('button', { name: 'Approve order' }).waitFor();
      view = await openOrder(page, order.id, order.order_number);
      await view.getByTestId('approval-link').filter({ hasText: 'Opened' }).waitFor();
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'approvals-steer-order-desktop');

      // Resend: a new e-mail, the old link is no longer valid, the new one shows the order to decide.
      const beforeResend = Date.now();
      await view.getByRole('button', { name: 'Resend e-mail' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send the approval e-mail again?' });
      await confirm.getByRole('button', { name: 'Send again' }).click();
      await confirm.waitFor({ state: 'detached' });
      await view.getByText('1 earlier link no longer works.').waitFor();
      expect(await view.getByTestId('approval-link').first().textContent()).toContain('Not opened yet');
      const newLink = approvalLink(await waitForMail(DEPARTMENT_APPROVER, subject, { since: beforeResend }));
      expect(newLink).not.toBe(oldLink);
      await approver.page.goto(oldLink);
      await approver.page.getByText('This approval link is not valid').waitFor();
      await approver.page.goto(newLink);
      await approver.page.getByRole('button', { name: 'Approve order' }).waitFor();

      // Phone: the approvals section of an order awaiting approval.
      const phone = await asStaff(VIEWPORTS.phone);
      const phoneView = await openOrder(phone.page, order.id, order.order_number);
      await phoneView.getByTestId('approvals-panel').scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'approvals-steer-order-phone');
      await phone.context.close();

      // A phone approval: the reason is required; the order moves to pending and the timeline names who.
      await view.getByRole('button', { name: 'Record decision' }).click();
      const form = view.getByTestId('record-decision-form');
      await form.getByRole('radio', { name: 'Approved' }).click();
      await form.getByRole('button', { name: 'Record decision' }).click();
      await form.getByText('Say how the decision reached you').waitFor();
      await form.getByLabel('How it reached you (required)').fill('Quartermaster Reyes approved by phone');
      await screenshot(page, 'approvals-steer-record-desktop');
      await form.getByRole('button', { name: 'Record decision' }).click();
      await form.waitFor({ state: 'detached' });
      const timeline = view.getByTestId('order-timeline');
      await timeline
        .getByText('Approved by phone or in person, recorded by staff on behalf of Desert Valley Fire & Medical')
        .waitFor();
      await view.getByTestId('order-status').filter({ hasText: 'Pending' }).first().waitFor();
      const last = timeline.locator('li').last();
      expect(await last.textContent()).toContain('Awaiting approval → Pending');
      expect(await last.textContent()).toContain(`Staff (${E2E_ADMIN})`);
      expect(await last.textContent()).toContain('Reason: Quartermaster Reyes approved by phone');
      await waitForMail(email, new RegExp(`Order ${order.order_number} approved$`));
      // The approver's newest link now says the order was already approved.
      await approver.page.goto(newLink);
      await approver.page.getByText('This order was already approved').waitFor();

      // The department report counts the approved order under the member.
      const departments = (await (await page.request.get(api('/departments/'))).json()).departments as {
        id: number;
        name: string;
      }[];
      const dv = departments.find((d) => d.name === 'Desert Valley Fire & Medical')!;
      await page.goto(`/admin/departments/${dv.id}`);
      await page.getByRole('heading', { name: 'Desert Valley Fire & Medical' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      expect(await row.textContent()).toContain(`$${order.total.toFixed(2)}`);
      await screenshot(page, 'approvals-steer-report-desktop');
      const csv = await page.request.get(api(`/departments/${dv.id}/report.csv`));
      expect(await csv.text()).toContain(`Sam Steer,${email},1,${order.total.toFixed(2)}`);
      const phoneAdmin = await asStaff(VIEWPORTS.phone);
      await phoneAdmin.page.goto(`/admin/departments/${dv.id}`);
      await phoneAdmin.page.getByText(email).waitFor();
      await screenshot(phoneAdmin.page, 'approvals-steer-report-phone');
      await phoneAdmin.context.close();
    } finally {
      await staff.context.close();
      await approver.context.close();
      await customer.context.close();
    }
  });
});
