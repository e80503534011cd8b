import type { Executor } from '../db/client';
import { outbox } from '../db/schema';

export type OutgoingMail = { to: string; subject: string; text: string; html: string; kind: string };

/** Writes mail into the outbox inside the caller's transaction: the mail exists iff the change committed. */
export async function enqueueMail(db: Executor, mail: OutgoingMail | OutgoingMail[]): Promise<void> {
  const list = Array.isArray(mail) ? mail : [mail];
  if (list.length === 0) return;
  await db
    .insert(outbox)
    .values(
      list.map((m) => ({ toAddress: m.to, subject: m.subject, textBody: m.text, htmlBody: m.html, kind: m.kind })),
    );
}
