import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { coercedRowId } from '../../shared/fields';
import type { App } from '../app-types';
import { outbox } from '../db/schema';
import { escapeHtml } from '../mail/layout';

/** Development only (never registered in production): the mail the shop would have sent. */
export async function registerDevMailbox(app: App) {
  const list = () =>
    app.deps.db
      .select({
        id: outbox.id,
        to: outbox.toAddress,
        subject: outbox.subject,
        text: outbox.textBody,
        status: outbox.status,
        created_at: outbox.createdAt,
      })
      .from(outbox)
      .orderBy(desc(outbox.id))
      .limit(100);

  app.get(
    '/dev/mailbox.json',
    { schema: { hide: true, querystring: z.object({ to: z.string().optional() }) } },
    async (req) => {
      const rows = await list();
      return {
        success: true,
        messages: req.query.to ? rows.filter((r) => r.to === req.query.to!.toLowerCase()) : rows,
      };
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => {
    const rows = await list();
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${m.created_at.toISOString()} · ${m.status}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    reply
      .type('text/html')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>Dev mailbox</title><style>body{font-family:system-ui;background:#0b0f17;color:#e5e7eb;max-width:800px;margin:2rem auto}article{border:1px solid #374151;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head><body><h1>Dev mailbox</h1><p>Development only: the shop's outgoing mail.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });

  app.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: coercedRowId() }) } },
    async (req, reply) => {
      const [m] = await app.deps.db.select().from(outbox).where(eq(outbox.id, req.params.id));
      if (!m) return reply.code(404).send('not found');
      reply.type('text/html').send(m.htmlBody);
    },
  );
}
