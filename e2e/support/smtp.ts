import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export type CaughtMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Reply-To address, '' when none (staff messages name their conversation's reply+token address). */
  replyTo: string;
  receivedAt: string;
};

/** A real SMTP server on 127.0.0.1 that writes each message it accepts as JSON into dir (port 0: any free port). */
export async function startSmtpCatcher(dir: string, listenPort = 0): Promise<{ port: number; close(): Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        try {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          const mail: CaughtMail = {
            from: (session.envelope.mailFrom && session.envelope.mailFrom.address.toLowerCase()) || '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
            replyTo: (parsed.replyTo?.[0] && 'address' in parsed.replyTo[0] && parsed.replyTo[0].address) || '',
            receivedAt: new Date().toISOString(),
          };
          seq += 1;
          // Write then rename: a reader polling the folder never sees a half-written file.
          const file = path.join(dir, `${Date.now()}-${String(seq).padStart(5, '0')}.json`);
          fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail));
          fs.renameSync(`${file}.tmp`, file);
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A caught mail's file never changes once renamed into place, so each is parsed once: waits poll the folder every
 * 100 ms, and by the end of a run a worker's catcher holds hundreds of mails (parsing them all on every poll was most
 * of the e2e test processes' CPU time while they waited for a mail).
 */
const parsed = new Map<string, CaughtMail>();

export function readMails(dir: string): CaughtMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      let mail = parsed.get(file);
      if (!mail) {
        mail = JSON.parse(fs.readFileSync(file, 'utf8')) as CaughtMail;
        parsed.set(file, mail);
      }
      return mail;
    });
}
