import { sql } from 'drizzle-orm';
import { listTables, quoteIdent, rowsOf } from '../backup/catalog';
import { LEFT_OUT_TABLES } from '../backup/dump';
import type { Database } from '../db/client';
import { SECRET_MAIL_KINDS } from '../mail/outbox';

/** A dump's view of the rows (with --with-secrets): no sessions, sign-in codes or rate limits, no unsent secret mail. */
export function asDumped(rows: Record<string, string[]>) {
  const out = { ...rows };
  for (const t of LEFT_OUT_TABLES) out[t] = [];
  out.outbox = (out.outbox ?? [])
    .map((r) => JSON.parse(r) as { status: string; kind: string })
    .filter((m) => m.status === 'sent' || !SECRET_MAIL_KINDS.includes(m.kind))
    .map((m) => JSON.stringify(m.status === 'sent' ? { ...m, text_body: '', html_body: '' } : m));
  return out;
}

/** Every row of every table, as the database prints it, in key order. */
export async function contents(target: Database) {
  const out: Record<string, string[]> = {};
  for (const t of await listTables(target.db)) {
    const order = t.orderBy.map(quoteIdent).join(', ') || '1';
    const rows = await rowsOf<{ j: string }>(
      target.db,
      sql.raw(`select row_to_json(t)::text as j from ${quoteIdent(t.name)} t order by ${order}`),
    );
    out[t.name] = rows.map((r) => r.j);
  }
  return out;
}
