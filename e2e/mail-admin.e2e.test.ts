import type { Browser } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { MailTrouble } from '../src/shared/mail-admin';
import { axeFindings, WCAG_TAGS } from './support/axe';
import { baseUrl, screenshot, VIEWPORTS } from './support/browser';
import { test } from './support/fixtures';
import { E2E_ADMIN } from './support/global-setup';
import { completeProfile } from './support/people';
import { startSession } from './support/session';

// The admin mail screen in Chromium at 1280x800 and 390x844: the failed and late lists with their resends, axe-clean,
// and Today's two mail counts linking to it. The lists are answered by the page's own route (an outage cannot be
// staged in the shared e2e shop); what the server does is held by src/server/mail/admin.test.ts.

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const sample: MailTrouble = {
  success: true,
  failed_count: 2,
  late_count: 1,
  failed: [
    {
      id: 9101,
      to: 'dana.ramirez@dvfire.gov',
      subject: 'Order CSU-1042 received',
      kind: 'order_received',
      status: 'failed',
      attempts: 296,
      last_error: 'connect ECONNREFUSED 10.0.0.25:587',
      created_at: minutesAgo(3 * 24 * 60 + 20),
      requeued_at: null,
      next_attempt_at: minutesAgo(5),
    },
    {
      id: 9102,
      to: 'quartermaster@dvfire.gov',
      subject: 'Approval needed: order CSU-1043',
      kind: 'approval_request',
      status: 'failed',
      attempts: 301,
      last_error: '421 4.7.0 Try again later, closing connection.',
      created_at: minutesAgo(3 * 24 * 60 + 90),
      requeued_at: null,
      next_attempt_at: minutesAgo(5),
    },
  ],
  late: [
    {
      id: 9103,
      to: 'crew7@maricopa.test',
      subject: 'Your order CSU-1044 has shipped',
      kind: 'order_status',
      status: 'pending',
      attempts: 4,
      last_error: 'Greeting never received',
      created_at: minutesAgo(25),
      requeued_at: null,
      next_attempt_at: minutesAgo(-2),
    },
  ],
};

async function adminPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), bypassCSP: true });
  await startSession(context, E2E_ADMIN);
  await completeProfile(context, 'Dana', 'Ramirez');
  const page = await context.newPage();
  const resent: string[] = [];
  await page.route('**/api/v1/admin/mail', (route) => route.fulfill({ json: sample }));
  await page.route('**/api/v1/admin/mail/**', (route) => {
    resent.push(new URL(route.request().url()).pathname);
    return route.fulfill({ json: { success: true, resent: 1 } });
  });
  return { context, page, resent };
}

describe('the admin mail screen', () => {
  test('lists failed and late mail with resends, axe-clean at both sizes; Today links to it', async ({ browser }) => {
    const desktop = await adminPage(browser, VIEWPORTS.desktop);
    const { page } = desktop;
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    const failedCount = page.getByTestId('today-mail-failed-count');
    await failedCount.waitFor();
    await expect.poll(() => page.getByTestId('today-mail-late-count').getAttribute('href')).toBe('/admin/mail');
    await failedCount.click();
    await page.getByRole('heading', { name: 'Failed (2)' }).waitFor();
    await page.getByText('connect ECONNREFUSED 10.0.0.25:587').waitFor();
    expect(await page.getByRole('heading', { name: 'Late (1)' }).isVisible()).toBe(true);
    expect(await axeFindings(page, WCAG_TAGS)).toEqual([]);
    await screenshot(page, 'admin-mail-desktop');

    await page.getByRole('button', { name: 'Resend "Order CSU-1042 received" to dana.ramirez@dvfire.gov' }).click();
    await page.getByText('1 mail queued to send again.').waitFor();
    await page.getByRole('button', { name: 'Resend all failed' }).click();
    await expect
      .poll(() => desktop.resent)
      .toEqual(['/api/v1/admin/mail/9101/resend', '/api/v1/admin/mail/resend-failed']);
    await desktop.context.close();

    const phone = await adminPage(browser, VIEWPORTS.phone);
    await phone.page.goto('/admin/mail');
    await phone.page.getByText('Greeting never received').waitFor();
    expect(await axeFindings(phone.page, WCAG_TAGS)).toEqual([]);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone.page, 'admin-mail-phone');
    await phone.context.close();
  });
});
