import type { Executor } from '../db/client';
import { outbox } from '../db/schema';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  /** Where the answer goes (a conversation's reply+token address) and the Message-ID to send with, "<id@domain>". */
  replyTo?: string;
  messageId?: string;
};

/** Writes mail into the outbox inside the caller's transaction: the mail exists iff the change committed. */
export async function enqueueMail(db: Executor, mail: OutgoingMail | OutgoingMail[]): Promise<void> {
  const list = Array.isArray(mail) ? mail : [mail];
  if (list.length === 0) return;
  await db.insert(outbox).values(
    list.map((m) => ({
      toAddress: m.to,
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html,
      kind: m.kind,
      replyTo: m.replyTo ?? null,
      messageId: m.messageId ?? null,
    })),
  );
}
