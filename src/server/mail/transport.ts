import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailTransport = {
  name: 'smtp' | 'dev';
  send(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    replyTo?: string;
    messageId?: string;
  }): Promise<void>;
  close(): void;
};

export function smtpTransport(url: string): MailTransport {
  // nodemailer reads options from the URL's query string; keep the timeouts short so a dead server fails fast.
  const u = new URL(url);
  for (const [k, v] of Object.entries({
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '20000',
  })) {
    if (!u.searchParams.has(k)) u.searchParams.set(k, v);
  }
  const t = nodemailer.createTransport(u.toString());
  return {
    name: 'smtp',
    send: async (m) => {
      await t.sendMail(m);
    },
    close: () => t.close(),
  };
}

/** Development: the message stays in the outbox table (listed at /dev/mailbox) and is logged. */
export function devTransport(log: FastifyBaseLogger): MailTransport {
  return {
    name: 'dev',
    send: async (m) => {
      log.info({ to: m.to, subject: m.subject, replyTo: m.replyTo }, `dev mailbox: ${m.subject}\n${m.text}`);
    },
    close: () => {},
  };
}
