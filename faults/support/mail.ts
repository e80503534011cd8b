import { readMails, type CaughtMail } from '../../e2e/support/smtp';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until check() returns a value (not undefined) or the time is up. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

const mailsTo = (dir: string, to: string, since: number) =>
  readMails(dir).filter((m) => m.to.includes(to.toLowerCase()) && Date.parse(m.receivedAt) >= since);

/** The 6-digit code of the newest sign-in mail to this address caught since the given time. */
export async function waitForCode(dir: string, to: string, since: number): Promise<string> {
  const mail = await waitFor(`a sign-in code for ${to}`, () =>
    mailsTo(dir, to, since)
      .filter((m) => /code/i.test(m.subject))
      .at(-1),
  );
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no 6-digit code in "${mail.subject}"`);
  return match[1]!;
}

/** Caught mails counted by recipient and subject, the key an outbox row and its delivery share. */
export function countByKey(mails: { to: string; subject: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of mails)
    counts.set(`${m.to.toLowerCase()} | ${m.subject}`, (counts.get(`${m.to.toLowerCase()} | ${m.subject}`) ?? 0) + 1);
  return counts;
}

/** Every caught delivery, one per recipient, with the envelope sender (it tells which instance sent it). */
export const caught = (dir: string): { from: string; to: string; subject: string }[] =>
  readMails(dir).flatMap((m: CaughtMail) => m.to.map((to) => ({ from: m.from, to, subject: m.subject })));
