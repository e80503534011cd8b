import { SMTPServer } from 'smtp-server';
import { errorSummary, isInputRefusal } from '../../http/error-handler';
import { INBOUND_MAX_BYTES, knownRecipient, receiveMail, type InboundDeps } from './receive';

type SmtpError = Error & { responseCode?: number };
const smtpError = (code: number, text: string): SmtpError => Object.assign(new Error(text), { responseCode: code });

/**
 * The shop's own SMTP listener for e-mailed replies (INBOUND_SMTP_PORT). It takes mail only for reply+<token>@ addresses
 * naming a conversation (checked at RCPT TO: anything else is refused before the body is sent), at most 10 MB (announced
 * in EHLO SIZE and enforced while the data streams). No AUTH, no relaying: it delivers into the shop, nowhere else.
 * TLS is left to what stands in front of it (a relay or the provider's MX).
 */
export function startInboundSmtp(deps: InboundDeps): Promise<{ port: number; close(): Promise<void> }> {
  const { config, db, log } = deps;
  const server = new SMTPServer({
    name: config.inbound.replyDomain,
    banner: 'Copper State Uniforms replies',
    size: INBOUND_MAX_BYTES,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // Slow or idle clients do not hold a connection for long.
    socketTimeout: 60_000,
    // On shutdown an open session is told 421 and closed after 1 s, so the shop stops within its 5 s limit.
    closeTimeout: 1_000,
    maxClients: 50,
    onRcptTo(address, _session, callback) {
      knownRecipient(db, config.inbound.replyDomain, address.address)
        .then((ok) => {
          if (ok) return callback();
          log.warn({ rcpt: address.address }, 'inbound smtp: recipient refused');
          callback(smtpError(550, '5.1.1 No such recipient here'));
        })
        .catch((err: unknown) => {
          log.error({ err: errorSummary(err) }, 'inbound smtp: recipient check failed');
          callback(smtpError(451, '4.3.0 Try again later'));
        });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= INBOUND_MAX_BYTES) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || bytes > INBOUND_MAX_BYTES) {
          log.warn({ bytes, outcome: 'dropped', reason: 'too_large' }, 'inbound mail dropped');
          return callback(smtpError(552, '5.3.4 Message too big'));
        }
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        receiveMail(deps, Buffer.concat(chunks), { recipients, mailFrom })
          .then((result) => {
            // A sender over its hourly limit is asked to come back later; a normal MTA queues and retries.
            if (result.outcome === 'dropped' && result.reason === 'rate_limited')
              return callback(smtpError(451, '4.7.1 Too many messages from this sender, try again later'));
            callback(null, 'Thank you');
          })
          .catch((err: unknown) => {
            // Never the error's message: a database error carries the query and its parameters, the mail's body.
            // A value the database refuses will be refused again: a permanent 554, so the sender stops retrying.
            const refused = isInputRefusal(err);
            log.error({ err: errorSummary(err) }, 'inbound smtp: storing the mail failed');
            callback(
              refused ? smtpError(554, '5.6.0 Message content refused') : smtpError(451, '4.3.0 Try again later'),
            );
          });
      });
    },
  });
  server.on('error', (err) => log.warn({ err }, 'inbound smtp error'));
  return new Promise((resolve, reject) => {
    const net = server.listen(config.inbound.smtpPort ?? 0, config.inbound.smtpHost, () => {
      const where = net.address();
      const port = typeof where === 'object' && where ? where.port : (config.inbound.smtpPort ?? 0);
      log.info({ port, host: config.inbound.smtpHost }, 'inbound smtp listening');
      resolve({ port, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
    net.once('error', reject);
  });
}
