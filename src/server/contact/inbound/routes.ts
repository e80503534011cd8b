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

/** X-Inbound-Signature: the hex HMAC-SHA256 of the raw body with INBOUND_SECRET, optionally prefixed "sha256=". */
export function validSignature(secret: string, raw: Buffer, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const hex = header.trim().replace(/^sha256=/i, '');
  // Buffer.from(hex) stops quietly at the first non-hex character: only exactly 64 hex digits are a signature.
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  const given = Buffer.from(hex, 'hex');
  const expected = crypto.createHmac('sha256', secret).update(raw).digest();
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
            "Inbound mail from a provider's inbound parse (server to server): the raw RFC 822 message as the body, X-Inbound-Signature = hex HMAC-SHA256 of it with INBOUND_SECRET",
          response: { 200: inboundAnswer },
        },
      },
      async (req) => {
        const secret = config.inbound.secret;
        if (!secret) throw notFound('Inbound mail is not configured');
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!validSignature(secret, raw, req.headers['x-inbound-signature'])) {
          req.log.warn({ bytes: raw.length }, 'inbound webhook refused: bad signature');
          throw new AppError(401, 'BAD_SIGNATURE', 'The inbound mail signature is missing or wrong');
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
      config: staff,
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
      config: staff,
      schema: { tags, summary: 'Discard held mail', params: idParams },
    },
    async (req) => {
      await discardHeld(db, req.params.id);
      return { success: true as const };
    },
  );
}
