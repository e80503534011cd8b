import { and, desc, eq } from 'drizzle-orm';
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

/**
 * Mails whose text is a key: a sign-in code, an approval link. Their bodies are dropped the moment the SMTP server
 * takes them (worker.ts), swept by the prune if any is left (prune.ts), and never written into a backup.
 */
export const SECRET_MAIL_KINDS: readonly string[] = ['login_code', 'approval_request'];

const columns = (m: OutgoingMail) => ({
  toAddress: m.to,
  subject: m.subject,
  textBody: m.text,
  htmlBody: m.html,
  kind: m.kind,
  replyTo: m.replyTo ?? null,
  messageId: m.messageId ?? null,
});

// This process's outbox workers (worker.ts), told when mail was just queued so it goes now, not at their next poll
// (OUTBOX_POLL_MS, a second by default): a sign-in code reaches the customer without that wait. The poll stays for
// what no word reaches: another instance's mail, a retry's due time, a coalescing window's end, a word that came before
// its transaction committed.
const queuedListeners = new Set<() => void>();

/** Calls `listener` whenever mail is queued in this process; returns the call that stops it. */
export function onMailQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

const announceQueued = () => {
  for (const listener of queuedListeners) listener();
};

/** Writes mail into the outbox inside the caller's transaction: the mail exists iff the change committed. */
export async function enqueueMail(db: Executor, mail: OutgoingMail | OutgoingMail[]): Promise<void> {
  const list = Array.isArray(mail) ? mail : [mail];
  if (list.length === 0) return;
  await db.insert(outbox).values(list.map(columns));
  announceQueued();
}

/**
 * At most one mail of `key` per window, carrying the latest state (security round 4, finding 8: ten staff edits in
 * seconds mailed the customer ten times). A mail of the key still waiting in the outbox is rewritten to this one and
 * keeps its send time; otherwise this one waits until a window after the last one was sent or due, or goes now when
 * that is past. The caller holds a lock that orders writers of one key (the order row). The rewrite touches only a
 * row still pending, so a mail the worker has claimed meanwhile goes out as it was, and this one waits its window.
 */
export async function enqueueCoalesced(
  db: Executor,
  mail: OutgoingMail,
  key: string,
  windowSeconds: number,
): Promise<void> {
  const [last] = await db
    .select({ id: outbox.id, status: outbox.status, nextAttemptAt: outbox.nextAttemptAt, sentAt: outbox.sentAt })
    .from(outbox)
    .where(eq(outbox.coalesceKey, key))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (last?.status === 'pending') {
    const rewritten = await db
      .update(outbox)
      .set(columns(mail))
      .where(and(eq(outbox.id, last.id), eq(outbox.status, 'pending')))
      .returning({ id: outbox.id });
    if (rewritten.length) return;
  }
  const lastAt = last ? (last.sentAt ?? last.nextAttemptAt).getTime() : 0;
  const due = new Date(Math.max(Date.now(), lastAt + windowSeconds * 1000));
  await db.insert(outbox).values({ ...columns(mail), coalesceKey: key, nextAttemptAt: due });
  if (due.getTime() <= Date.now()) announceQueued();
}
