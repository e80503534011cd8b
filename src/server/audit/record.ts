import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditRequest } from './context';
import { diff, isId, snapshot, targetOf, trimValue, type FieldChanges } from './entities';

/** The ids a request names: the body's list for a bulk route, else the path's :id. */
function requestIds(req: AuditRequest): string[] {
  if (req.spec.each) {
    if (req.ids) return req.ids;
    const list = (req.body as Record<string, unknown> | null)?.[req.spec.each];
    return Array.isArray(list) ? list.filter(isId).map(String) : [];
  }
  return isId(req.params.id) ? [String(req.params.id)] : [];
}

const inputOf = (body: unknown) =>
  body && typeof body === 'object' && !Buffer.isBuffer(body) ? trimValue(body) : null;

function rowFor(req: AuditRequest, entityId: string | null, changes: Record<string, unknown>) {
  return {
    actorId: req.actor.id,
    actorEmail: req.actor.email,
    actorRole: req.actor.role,
    ip: req.ip,
    requestId: req.requestId,
    kind: req.spec.kind,
    entityType: req.spec.entity,
    entityId,
    method: req.method,
    route: req.route,
    changes,
    input: inputOf(req.body),
  };
}

/**
 * Runs `change` inside `tx` between two reads of the records the request names, then writes the audit row (or, for
 * a bulk route, a row per record that changed) in the same transaction: the row exists exactly when the change does.
 */
export async function auditedChange<T>(tx: Executor, req: AuditRequest, change: () => Promise<T>): Promise<T> {
  if (req.spec.each) return auditedBulkStep(tx, req, change);
  const target = await targetOf(tx, req.spec.entity, requestIds(req), req.params);
  const before = await snapshot(tx, req.spec.entity, target);
  const result = await change();
  const after = await snapshot(tx, req.spec.entity, target);
  const changed = diff(before, after);
  const ids = changed.length > 0 ? changed.map((c) => c.id) : [...new Set([...before.keys(), ...after.keys()])];
  const changes: Record<string, FieldChanges> | FieldChanges =
    changed.length === 1 ? changed[0]!.changes : Object.fromEntries(changed.map((c) => [c.id, c.changes]));
  await tx.insert(auditLog).values(rowFor(req, ids.length > 0 ? ids.join(',') : null, changes));
  req.written = true;
  return result;
}

/**
 * One transaction of a bulk route: the records are read once for the whole request, then each transaction reads back
 * only the rows it wrote itself (xmin), so 200 orders cost 200 small reads, not 200 reads of 200 rows.
 */
async function auditedBulkStep<T>(tx: Executor, req: AuditRequest, change: () => Promise<T>): Promise<T> {
  const ids = requestIds(req);
  req.known ??= await snapshot(tx, req.spec.entity, { ids });
  const result = await change();
  const written = await snapshot(tx, req.spec.entity, { ids, changedHere: true });
  const was = new Map([...written.keys()].map((id) => [id, req.known!.get(id) ?? {}]));
  const changed = diff(was, written);
  if (changed.length > 0) await tx.insert(auditLog).values(changed.map((c) => rowFor(req, c.id, c.changes)));
  for (const [id, row] of written) req.known.set(id, row);
  req.written = true;
  return result;
}

/** A route whose change ran without a transaction still gets its row, after the fact and without before and after. */
export async function auditAfterTheFact(db: Executor, req: AuditRequest) {
  const ids = requestIds(req);
  await db.insert(auditLog).values(rowFor(req, ids.length > 0 ? ids.join(',') : null, {}));
  req.written = true;
}
