import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolveChromium, type ChromiumBinary } from './chromium';
import { copyTemplateTo, makeDataTemplate } from './data-template';
import { freePort, startShop } from './server';
import { startSmtpCatcher } from './smtp';
import { e2eWorkers } from './workers';

export const E2E_ADMIN = 'chief@e2e.test';

/** One shop (and its mail catcher) per e2e worker; a worker runs its files one after another against its own. */
export type E2eShop = { baseUrl: string; mailDir: string; inboundSmtpPort: number };

declare module 'vitest' {
  export interface ProvidedContext {
    shops: E2eShop[];
    chromium: ChromiumBinary;
    /** The key of the shops' POST /dev/test-session (support/session.ts), new for each run. */
    testSessionKey: string;
    /** Where a test process claims its shop for as long as it lives (support/shop-claim.ts). */
    shopClaims: string;
  }
}

/**
 * A PGlite data dir of its own (a copy of the run's seeded one, data-template.ts) and real SMTP delivery to a local catcher, per worker: files in two workers never share
 * data, mail, rate limits or sign-in cooldowns, so they can run side by side.
 */
export default async function setup(project: TestProject) {
  const chromium = await resolveChromium();
  console.log(`Chromium for e2e: ${chromium.source}`);
  project.provide('chromium', chromium);
  const testSessionKey = crypto.randomBytes(24).toString('hex');
  project.provide('testSessionKey', testSessionKey);
  // A directory per run so several e2e runs on one machine never share data or mail.
  const root = path.resolve(`.tmp/e2e-${process.pid}`);
  fs.rmSync(root, { recursive: true, force: true });
  const template = await makeDataTemplate();
  project.provide('dataTemplate', template);
  const started = await Promise.all(
    Array.from({ length: e2eWorkers() }, async (_, i) => {
      const mailDir = path.join(root, `mail-${i + 1}`);
      const smtp = await startSmtpCatcher(mailDir);
      // The shop's own listener for e-mailed replies (conversations.e2e.test.ts sends to it); nothing else uses it.
      const inboundSmtpPort = await freePort();
      const shop = await startShop(
        {
          DATA_DIR: copyTemplateTo(template, path.join(root, `data-${i + 1}`)),
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          ADMIN_EMAILS: E2E_ADMIN,
          // Every browser of the run signs in from 127.0.0.1: the default ceiling (60 codes per 10 minutes) is an office's.
          SIGNIN_IP_LIMIT: '1000',
          // Every browser here writes from 127.0.0.1: the whole suite sends more than one office would in an hour.
          CONTACT_IP_LIMIT: '1000',
          INBOUND_SMTP_PORT: String(inboundSmtpPort),
          REPLY_DOMAIN: 'replies.e2e.test',
          TEST_SESSION_KEY: testSessionKey,
        },
        { built: true },
      );
      return { smtp, shop, mailDir, inboundSmtpPort };
    }),
  );
  project.provide('shopClaims', path.join(root, 'claims'));
  project.provide(
    'shops',
    started.map((s) => ({ baseUrl: s.shop.url, mailDir: s.mailDir, inboundSmtpPort: s.inboundSmtpPort })),
  );
  return async () => {
    await Promise.all(started.map(async (s) => (await s.shop.stop(), await s.smtp.close())));
    fs.rmSync(root, { recursive: true, force: true });
  };
}
