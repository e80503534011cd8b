import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startShop } from './server';
import { startSmtpCatcher } from './smtp';

export const E2E_ADMIN = 'chief@e2e.test';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
  }
}

/** One shop for the e2e run: a fresh PGlite data dir, real SMTP delivery to a local catcher. */
export default async function setup(project: TestProject) {
  // A directory per run so several e2e runs on one machine never share data or mail.
  const root = path.resolve(`.tmp/e2e-${process.pid}`);
  fs.rmSync(root, { recursive: true, force: true });
  const mailDir = path.join(root, 'mail');
  const smtp = await startSmtpCatcher(mailDir);
  const shop = await startShop(
    {
      DATA_DIR: path.join(root, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ADMIN_EMAILS: E2E_ADMIN,
      OUTBOX_POLL_MS: '100',
    },
    { built: true },
  );
  project.provide('baseUrl', shop.url);
  project.provide('mailDir', mailDir);
  return async () => {
    await shop.stop();
    await smtp.close();
    fs.rmSync(root, { recursive: true, force: true });
  };
}
