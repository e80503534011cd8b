import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';

// The records a staff or admin write can change, and how to read one before and after (as to_jsonb rows, column
// names as in the database). A route names one of these in config.audit; a new kind of record is one entry here.
type Params = Record<string, unknown>;
type EntityDef = {
  table: string;
  /** Columns never copied into the log: large or carried elsewhere. */
  omit?: string[];
  /** Records found another way than by `id` (a composite key); its key is what the log shows as the entity id. */
  where?: (params: Params) => SQL | null;
  key?: (row: Record<string, unknown>) => string;
  /** A table of one row (settings): always read whole. */
  whole?: boolean;
  /** The columns to read, for a table with large ones (file bytes): never read into the log at all. */
  columns?: string[];
};

export const AUDIT_ENTITIES = {
  order: { table: 'orders' },
  product: { table: 'products' },
  user: { table: 'users' },
  allowed_email: { table: 'allowed_emails' },
  department: { table: 'departments' },
  payment_allocation: { table: 'payment_allocations' },
  allowance: {
    table: 'allowance_overrides',
    where: (p) =>
      isId(p.id) && isId(p.userId) ? sql`department_id = ${Number(p.id)} and user_id = ${Number(p.userId)}` : null,
    key: (row) => `${String(row.department_id)}:${String(row.user_id)}`,
  },
  settings: { table: 'settings', whole: true },
  saved_reply: { table: 'saved_replies' },
  conversation: { table: 'conversations' },
  message: { table: 'messages' },
  held_mail: { table: 'held_mail', omit: ['attachments'] },
  kit: { table: 'department_kits' },
  artwork: {
    table: 'artworks',
    columns: ['id', 'user_id', 'name', 'status', 'format', 'file_name', 'file_size', 'uploaded_by', 'created_at'],
  },
  /** An outbox mail (its resend): what changed, never its text, which may hold a sign-in code or an approval link. */
  mail: { table: 'outbox', omit: ['text_body', 'html_body'] },
  quote: { table: 'quotes' },
  decoration_kind: { table: 'decoration_kinds' },
  search_synonym: { table: 'search_synonyms' },
  /** A backup an admin downloaded: nothing changes; the row says who took the shop's data, and when. */
  backup: { table: 'backup_runs', where: () => null },
} satisfies Record<string, EntityDef>;

export type AuditEntityName = keyof typeof AUDIT_ENTITIES;
export const isAuditEntity = (name: string): name is AuditEntityName => name in AUDIT_ENTITIES;

export const isId = (v: unknown): boolean => /^\d{1,10}$/.test(String(v)) && Number(v) <= 2_147_483_647;

/** Rows of one kind of record, by the key the log names them with. */
export type Snapshot = Map<string, Record<string, unknown>>;

const TEXT_MAX = 300;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Long text is cut so one row of the log stays small; what changed is still visible. A lone surrogate (which jsonb
 * refuses, failing the change it records) becomes U+FFFD, as it does in a text column.
 */
export function trimValue(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') {
    const cut = v.length > TEXT_MAX ? `${v.slice(0, TEXT_MAX)}…` : v;
    return cut.replace(LONE_SURROGATE, '\uFFFD');
  }
  if (Array.isArray(v)) return v.slice(0, 200).map((x) => trimValue(x, depth + 1));
  if (v && typeof v === 'object') {
    if (depth > 4) return '…';
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k.replace(LONE_SURROGATE, '\uFFFD'), trimValue(x, depth + 1)]),
    );
  }
  return v;
}

/**
 * Where to look: `ids` are the records the request names (a path's :id, a bulk body's list); none means a create,
 * whose new rows are those above the table's highest id before the change.
 */
export type Target = { ids: string[]; changedHere?: boolean } | { above: number } | { where: SQL } | { whole: true };

export async function targetOf(ex: Executor, name: AuditEntityName, ids: string[], params: Params): Promise<Target> {
  const def: EntityDef = AUDIT_ENTITIES[name];
  if (def.whole) return { whole: true };
  if (def.where) {
    const where = def.where(params);
    return where ? { where } : { ids: [] };
  }
  if (ids.length > 0) return { ids };
  const [top] = await selectRows<{ top: number | null }>(
    ex,
    sql`select max(id)::int as top from ${sql.identifier(def.table)}`,
  );
  return { above: top?.top ?? 0 };
}

export async function snapshot(ex: Executor, name: AuditEntityName, target: Target): Promise<Snapshot> {
  const def: EntityDef = AUDIT_ENTITIES[name];
  const table = def.columns
    ? sql`(select ${sql.join(
        def.columns.map((c) => sql.identifier(c)),
        sql`, `,
      )} from ${sql.identifier(def.table)})`
    : sql.identifier(def.table);
  let where: SQL;
  if ('whole' in target) where = sql`true`;
  else if ('where' in target) where = target.where;
  else if ('above' in target) where = sql`id > ${target.above}`;
  else if (target.ids.length === 0) return new Map();
  else {
    const ids = sql.join(
      target.ids.map((id) => sql`${Number(id)}`),
      sql`, `,
    );
    // Only the rows this transaction wrote: their current version carries its transaction id.
    where = target.changedHere ? sql`id in (${ids}) and xmin = pg_current_xact_id()::xid` : sql`id in (${ids})`;
  }
  const rows = await selectRows<{ row: Record<string, unknown> }>(
    ex,
    sql`select to_jsonb(t) as row from ${table} t where ${where}`,
  );
  const found: Snapshot = new Map();
  for (const { row } of rows) {
    for (const column of def.omit ?? []) delete row[column];
    found.set(def.key ? def.key(row) : String(row.id), trimValue(row) as Record<string, unknown>);
  }
  return found;
}

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** The fields that differ between two reads, per record; a record that appeared or went shows every field. */
export function diff(before: Snapshot, after: Snapshot): { id: string; changes: FieldChanges }[] {
  const out: { id: string; changes: FieldChanges }[] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(id) ?? {};
    const now = after.get(id) ?? {};
    const changes: FieldChanges = {};
    for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
      // The row's own time says when; a record's updated_at moving with it is noise.
      if (field === 'updated_at') continue;
      const a = was[field] ?? null;
      const b = now[field] ?? null;
      if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = { before: a, after: b };
    }
    if (Object.keys(changes).length > 0) out.push({ id, changes });
  }
  return out;
}
