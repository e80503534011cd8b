import { and, asc, count, desc, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditFilters, AuditQuery } from '../../shared/audit';
import { shopDayStart } from '../../shared/time';
import type { Executor } from '../db/client';
import { auditLog, orders } from '../db/schema';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The filters as SQL: person, kind, record (an id, or an order number), and shop days from and to, inclusive. */
function whereOf(f: AuditFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.actor_id) parts.push(eq(auditLog.actorId, f.actor_id));
  if (f.kind) parts.push(eq(auditLog.kind, f.kind));
  if (f.entity_type) parts.push(eq(auditLog.entityType, f.entity_type));
  if (f.entity) {
    const wanted = f.entity.replace(/^#/, '');
    // A bulk or multi-record row names its records "1,2,3"; an order is also found by its number.
    const named = sql`${wanted} = any(string_to_array(${auditLog.entityId}, ','))`;
    const byNumber = sql`(${auditLog.entityType} = 'order' and ${auditLog.entityId} in
      (select ${orders.id}::text from ${orders} where lower(${orders.orderNumber}) = lower(${wanted})))`;
    parts.push(or(named, byNumber));
  }
  if (f.from) parts.push(gte(auditLog.at, shopDayStart(f.from)));
  if (f.to) parts.push(lt(auditLog.at, shopDayStart(nextDay(f.to))));
  return and(...parts);
}

type Row = typeof auditLog.$inferSelect;
export const entryDto = (r: Row): AuditEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  actor_id: r.actorId,
  actor_email: r.actorEmail,
  actor_role: r.actorRole,
  ip: r.ip,
  kind: r.kind,
  entity_type: r.entityType,
  entity_id: r.entityId,
  method: r.method,
  route: r.route,
  changes: r.changes,
  input: r.input ?? null,
});

/** One page of the log, newest first, with its total and what the filters can offer. */
export async function listAudit(db: Executor, q: AuditQuery) {
  const where = whereOf(q);
  const [rows, [total], kinds, types, people] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(auditLog).where(where),
    db.selectDistinct({ kind: auditLog.kind }).from(auditLog).orderBy(asc(auditLog.kind)),
    db.selectDistinct({ type: auditLog.entityType }).from(auditLog).orderBy(asc(auditLog.entityType)),
    db
      .selectDistinct({ id: auditLog.actorId, email: auditLog.actorEmail })
      .from(auditLog)
      .where(isNotNull(auditLog.actorId))
      .orderBy(asc(auditLog.actorEmail)),
  ]);
  return {
    entries: rows.map(entryDto),
    total: total?.n ?? 0,
    kinds: kinds.map((k) => k.kind),
    entity_types: types.map((t) => t.type),
    people: people.filter((p): p is { id: number; email: string } => p.id !== null),
  };
}

export const EXPORT_PAGE = 1000;

/** Every matching row, oldest first, a page at a time (the export streams them). */
export async function* auditRows(db: Executor, f: AuditFilters): AsyncGenerator<AuditEntry> {
  const where = whereOf(f);
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(where, sql`${auditLog.id} > ${after}`))
      .orderBy(asc(auditLog.id))
      .limit(EXPORT_PAGE);
    for (const r of rows) yield entryDto(r);
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}
