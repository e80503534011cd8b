import { PGlite } from '@electric-sql/pglite';

/**
 * A worker's PGlite databases are used again: after a file, its database gets back the template's rows (every table
 * emptied, the template's rows copied back in, every sequence where it was) instead of the next file unpacking a new
 * one from the template, which took ~0.5 s alone and over 1 s beside the rest of the run, for each of ~80 files.
 * A database is thrown away instead when a file closed it, changed its schema (a dropped constraint, a table, trigger
 * or function left behind), or when the reset fails.
 */
type Snapshot = {
  fingerprint: string;
  tables: string[];
  rows: { table: string; blob: Blob }[];
  sequences: { name: string; value: string; called: boolean }[];
};

// Every object a test could add or change, by name and shape: the same fingerprint means the same schema.
const FINGERPRINT = `
  select md5(coalesce(string_agg(x, ',' order by x), '')) as fingerprint from (
    select 'rel:' || n.nspname || '.' || c.relname || ':' || c.relkind::text
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    union all
    select 'col:' || a.attrelid::regclass::text || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod)
      || ':' || a.attnotnull::text || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
    union all
    select 'con:' || conrelid::regclass::text || '.' || conname || ':' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'trg:' || tgrelid::regclass::text || '.' || tgname from pg_trigger where not tgisinternal
    union all
    select 'fn:' || p.oid::regprocedure::text from pg_proc p where p.pronamespace = 'public'::regnamespace
  ) objects(x)`;

const TABLES = `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`;
const SEQUENCES = `select quote_ident(sequencename) as name, last_value::text as value, last_value is not null as called
  from pg_sequences where schemaname = 'public'`;

async function snapshot(pglite: PGlite): Promise<Snapshot> {
  const [{ fingerprint }] = (await pglite.query<{ fingerprint: string }>(FINGERPRINT)).rows as [
    { fingerprint: string },
  ];
  const tables = (await pglite.query<{ name: string }>(TABLES)).rows.map((r) => r.name);
  const rows: Snapshot['rows'] = [];
  for (const table of tables) {
    const { rows: count } = await pglite.query<{ any: boolean }>(`select exists (select from ${table}) as any`);
    if (!count[0]!.any) continue;
    const copied = await pglite.query(`copy ${table} to '/dev/blob'`);
    rows.push({ table, blob: copied.blob! });
  }
  const sequences = (await pglite.query<{ name: string; value: string | null; called: boolean }>(SEQUENCES)).rows.map(
    (s) => ({ name: s.name, value: s.value ?? '1', called: s.called }),
  );
  return { fingerprint, tables, rows, sequences };
}

async function reset(pglite: PGlite, clean: Snapshot): Promise<void> {
  // The exact rows, without firing triggers or checking references on the way in (they held in the template); then
  // every setting a file changed for its session (`reset all` also ends the replica role).
  await pglite.exec(`set session_replication_role = replica; truncate ${clean.tables.join(', ')} cascade;`);
  for (const { table, blob } of clean.rows) await pglite.query(`copy ${table} from '/dev/blob'`, [], { blob });
  const setvals = clean.sequences.map((s) => `select setval('${s.name}', ${s.value}, ${s.called});`).join('\n');
  await pglite.exec(`${setvals}\nreset all;`);
}

export type PglitePool = {
  /** A database with the template's rows: one a file of this worker gave back, or a new one. */
  take(): Promise<PGlite>;
  /** Takes a file's database back: reset for the next file, or closed when it cannot be trusted to be like new. */
  giveBack(pglite: PGlite): Promise<void>;
};

/** `fresh` makes a new database from the template. */
export function pglitePool(fresh: () => Promise<PGlite>): PglitePool {
  const snapshots = new WeakMap<PGlite, Snapshot>();
  const idle: PGlite[] = [];
  return {
    async take() {
      const reused = idle.pop();
      if (reused) return reused;
      const pglite = await fresh();
      snapshots.set(pglite, await snapshot(pglite));
      return pglite;
    },
    async giveBack(pglite) {
      const clean = snapshots.get(pglite);
      if (!clean || pglite.closed) return;
      try {
        const { rows } = await pglite.query<{ fingerprint: string }>(FINGERPRINT);
        if (rows[0]!.fingerprint !== clean.fingerprint) throw new Error('the schema changed');
        await reset(pglite, clean);
        idle.push(pglite);
      } catch {
        await pglite.close().catch(() => undefined);
      }
    },
  };
}
