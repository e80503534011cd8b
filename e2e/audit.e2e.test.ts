import fs from 'node:fs';
import { describe, expect } from 'vitest';
import { baseUrl, screenshot, VIEWPORTS } from './support/browser';
import { test } from './support/fixtures';
import { E2E_ADMIN } from './support/global-setup';

const api = (path: string) => `${baseUrl()}/api/v1${path}`;
const person = { first: 'Audit', last: 'Admin' };

describe('the audit log', () => {
  test('a changed setting is in the audit page and its CSV, with who, before and after', async ({ signedInPage }) => {
    const admin = await signedInPage(E2E_ADMIN, { profile: person });
    const original = (await (await admin.context.request.get(api('/settings/'))).json()).settings;
    try {
      await admin.page.goto('/admin/settings');
      const cost = admin.page.getByLabel('Name price');
      await expect.poll(() => cost.inputValue()).not.toBe('');
      const before = Number(await cost.inputValue());
      const after = before + 1.25;
      await cost.fill(after.toFixed(2));
      await admin.page.getByRole('button', { name: 'Save Settings' }).click();
      await admin.page.getByText('Settings saved').waitFor();

      await admin.page.getByRole('link', { name: 'Audit log' }).first().click();
      await admin.page.getByRole('heading', { name: 'Audit log' }).waitFor();
      await admin.page.getByLabel('Kind').selectOption('settings.update');
      const beforeCents = Math.round(before * 100);
      const afterCents = Math.round(after * 100);
      const change = admin.page.getByText(`${beforeCents} → ${afterCents}`).first();
      await change.waitFor();
      const row = admin.page.getByRole('row').filter({ has: change }).first();
      expect(await row.textContent()).toContain(E2E_ADMIN);
      expect(await row.textContent()).toContain('name_cost_cents');
      await screenshot(admin.page, 'admin-audit-desktop');

      const [download] = await Promise.all([
        admin.page.waitForEvent('download'),
        admin.page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toContain('Time (Arizona),Person');
      const ours = lines.filter((l) =>
        l.includes(`""name_cost_cents"":{""after"":${afterCents},""before"":${beforeCents}}`),
      );
      expect(ours).toHaveLength(1);
      expect(ours[0]).toContain(`,${E2E_ADMIN},admin,`);
      expect(ours[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);

      await admin.page.setViewportSize(VIEWPORTS.phone);
      await change.waitFor();
      await screenshot(admin.page, 'admin-audit-phone');
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await admin.context.request.put(api('/settings/'), {
        data: {
          tax_rate: original.tax_rate,
          shipping_cost: original.shipping_cost,
          name_cost: original.name_cost,
          us_flag_cost: original.us_flag_cost,
          az_flag_cost: original.az_flag_cost,
        },
      });
    }
  });
});
