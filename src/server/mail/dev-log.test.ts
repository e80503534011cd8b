import { describe, expect, it } from 'vitest';
import { pinEmail } from '../auth/pin-email';
import { approvalRequestMail } from '../orders/mails';
import { createTestApp } from '../test/harness';
import { sampleCustomer, sampleOrder } from '../test/sample-order';
import { enqueueMail } from './outbox';
import { devTransport } from './transport';
import { createOutboxWorker } from './worker';

// Security round 4, finding 4: the dev mailbox logged every mail whole, so a sign-in code or an approval link could be
// read from the log (and a production shop without SMTP_URL did the same). The mail stays at /dev/mailbox; the log
// only says one is there.
const lines: string[] = [];
const { app } = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (l: string) => void lines.push(l) } });

describe('the dev mailbox transport', () => {
  it('logs that a mail is waiting, never its sign-in code or approval token', async () => {
    const code = '731946';
    const token = 'tok-Zq8xW3vR5nK2pL7mT4yB';
    await enqueueMail(app.deps.db, [
      pinEmail('dev-log@example.test', code),
      approvalRequestMail(sampleOrder(), sampleCustomer, 'chief@dev-log.test', token, app.deps.config.appUrl),
    ]);
    const worker = createOutboxWorker({
      db: app.deps.db,
      transport: devTransport(app.log),
      from: 'shop@test.local',
      log: app.log,
      pollMs: 1000,
    });
    expect(await worker.runOnce()).toBe(2);
    const logged = lines.filter((l) => l.includes('dev mailbox'));
    expect(logged).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(code);
      expect(line).not.toContain(token);
      expect(line).not.toMatch(/\/(approval|denial)\//);
    }
    expect(logged.join('\n')).toContain('dev-log@example.test');
    // The mail itself is still there to read.
    const box = await app.inject({ method: 'GET', url: '/dev/mailbox.json?to=dev-log@example.test' });
    expect(box.json().messages[0].text).toContain(code);
  });
});
