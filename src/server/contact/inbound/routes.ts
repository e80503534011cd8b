import crypto from 'node:crypto';
import { z } from 'zod';
import { heldAcceptedAnswer, heldListAnswer, inboundAnswer } from '../../../shared/contact';
import type { App } from '../../app-types';
import { AppError, notFound } from '../../http/errors';
import { idParams, rowId } from '../../http/params';
import { acceptHeld, discardHeld, listHeld } from './held';
import { INBOUND_MAX_BYTES, receiveMail } from './receive';

const tags = ['contact'];
const staff = { access: 'staff' as const };
/** A little over the mail limit, so a mail just over it is read, logged and dropped rather than cut off by the parser. */
const WEBHOOK_BODY_LIMIT = INBOUND_MAX_BYTES + 1024 * 1024;

/** How far the signed timestamp may be from the server's clock, either way (security round 3, finding 4). */
export const INBOUND_TOLERANCE_S = 300;

/**
 * X-Inbound-Signature: the hex HMAC-SHA256, under INBOUND_SECRET, of X-Inbound-Timestamp (Unix seconds), a dot and
 * the raw body, optionally prefixed "sha256=". The timestamp must be within 5 minutes of now, so a captured request
 * cannot be replayed later; a replay inside the window is the same Message-ID and is stored once (receive.ts).
 */
export function validSignature(
  secret: string,
  raw: Buffer,
  header: unknown,
  timestamp: unknown,
  nowS = Date.now() / 1000,
): boolean {
  if (typeof header !== 'string' || typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowS - Number(timestamp)) > INBOUND_TOLERANCE_S) return false;
  const hex = header.trim().replace(/^sha256=/i, '');
  // Buffer.from(hex) stops quietly at the first non-hex character: only exactly 64 hex digits are a signature.
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  const given = Buffer.from(hex, 'hex');
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest();
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export async function inboundRoutes(app: App) {
  const { db, config } = app.deps;

  // Its own context: the body stays the raw bytes the provider signed (the whole RFC 822 message), for this route only.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      '/contact/inbound',
      {
        config: { access: 'public' },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags,
          summary:
            "Inbound mail from a provider's inbound parse (server to server): the raw RFC 822 message as the body, X-Inbound-Timestamp = Unix seconds (within 5 minutes), X-Inbound-Signature = hex HMAC-SHA256 of timestamp + '.' + body with INBOUND_SECRET",
          response: { 200: inboundAnswer },
        },
      },
      async (req) => {
        const secret = config.inbound.secret;
        if (!secret) throw notFound('Inbound mail is not configured');
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const { 'x-inbound-signature': signature, 'x-inbound-timestamp': timestamp } = req.headers;
        if (!validSignature(secret, raw, signature, timestamp)) {
          req.log.warn({ bytes: raw.length }, 'inbound webhook refused: bad signature');
          throw new AppError(401, 'BAD_SIGNATURE', 'The inbound mail signature is missing, wrong or too old');
        }
        const result = await receiveMail({ db, config, log: req.log }, raw);
        return {
          success: true as const,
          outcome: result.outcome,
          reason: 'reason' in result ? result.reason : null,
        };
      },
    );
  });

  app.get(
    '/contact/held',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Inbound mail held for review (another address, or an expired conversation), oldest first',
        querystring: z.object({ conversation_id: rowId.optional() }),
        response: { 200: heldListAnswer },
      },
    },
    async (req) => ({ success: true as const, held: await listHeld(db, req.query.conversation_id) }),
  );

  app.post(
    '/contact/held/:id/accept',
    {
      config: { ...staff, audit: { kind: 'held_mail.accept', entity: 'held_mail' } },
      schema: {
        tags,
        summary: 'Accept held mail: it joins its conversation as a pending message',
        params: idParams,
        body: z.object({}).optional(),
        response: { 200: heldAcceptedAnswer },
      },
    },
    async (req) => ({ success: true as const, message: await acceptHeld(db, req.params.id) }),
  );

  app.delete(
    '/contact/held/:id',
    {
      config: { ...staff, audit: { kind: 'held_mail.discard', entity: 'held_mail' } },
      schema: { tags, summary: 'Discard held mail', params: idParams },
    },
    async (req) => {
      await db.transaction((tx) => discardHeld(tx, req.params.id));
      return { success: true as const };
    },
  );
}
