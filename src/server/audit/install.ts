import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import type { Db } from '../db/client';
import { auditStorage, type AuditRequest, type AuditSpec } from './context';
import { isAuditEntity } from './entities';
import { auditAfterTheFact, auditedChange } from './record';

const patched = new WeakSet<object>();

/** Routes that answered without opening a transaction; their rows were written after the change (the test reads it). */
export const writtenOutsideTransaction = new Set<string>();

/**
 * The request's first transaction (every one, for a bulk route) carries its audit row: the database's transaction
 * method is wrapped once, and does its extra work only inside an audited request (auditStorage), so no service
 * needs to know about the log.
 */
function auditTransactions(db: Db) {
  if (patched.has(db)) return;
  patched.add(db);
  const original = db.transaction.bind(db);
  db.transaction = ((run, config) => {
    const req = auditStorage.getStore();
    if (!req || req.active || (req.written && !req.spec.each)) return original(run, config);
    return original(async (tx) => {
      req.active = true;
      try {
        return await auditedChange(tx, req, () => run(tx));
      } finally {
        req.active = false;
      }
    }, config);
  }) as Db['transaction'];
}

/** Is this a write that must be audited: a POST, PUT, PATCH or DELETE only staff or admins may call. */
export function isStaffWrite(method: string, access: string | undefined, readsOnly = false): boolean {
  if (readsOnly) return false;
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && (access === 'staff' || access === 'admin');
}

/** Wraps every route that declares config.audit so its request runs as an audited request. */
export function installAuditLog(app: FastifyInstance, db: Db) {
  auditTransactions(db);
  app.addHook('onRoute', (route: RouteOptions) => {
    const spec = (route.config as { audit?: AuditSpec } | undefined)?.audit;
    if (!spec) return;
    if (!isAuditEntity(spec.entity)) throw new Error(`Route ${route.method} ${route.url}: unknown audit entity`);
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function audited(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const user = await request.currentUser();
      // The access guard ran first; a route without a signed-in caller has nobody to record.
      if (!user) return handler.call(this, request, reply);
      const req: AuditRequest = {
        spec,
        actor: { id: user.id, email: user.email, role: user.role },
        ip: request.ip,
        requestId: String(request.id),
        method: request.method,
        route: route.url,
        params: (request.params ?? {}) as Record<string, unknown>,
        body: request.body,
        active: false,
        written: false,
      };
      return auditStorage.run(req, async () => {
        const answer: unknown = await handler.call(this, request, reply);
        if (!req.written && !spec.each && reply.statusCode < 400) {
          request.log.warn({ route: route.url }, 'audited route changed data outside a transaction');
          writtenOutsideTransaction.add(`${request.method} ${route.url}`);
          await auditAfterTheFact(db, req);
        }
        return answer;
      });
    };
  });
}
