import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditEntityName } from './entities';

/**
 * What a staff or admin write route records, declared in its config next to its access:
 *   config: { access: 'staff', audit: { kind: 'order.status', entity: 'order' } }
 * `kind` names the action ("<record>.<verb>"); `entity` the record it changes (AUDIT_ENTITIES), found by the
 * path's :id (or nothing, for a create). `each` names a body field listing record ids: a bulk route whose every
 * record changes in its own transaction writes one row per record changed, in that record's transaction.
 */
export type AuditSpec = { kind: string; entity: AuditEntityName; each?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditSpec;
    /** A staff POST that changes nothing (a price quote): not a write, so not audited. */
    readsOnly?: true;
  }
}

/** One audited request: who and from where, and whether its row is written yet. */
export type AuditRequest = {
  spec: AuditSpec;
  actor: { id: number; email: string; role: string };
  ip: string;
  requestId: string;
  method: string;
  route: string;
  params: Record<string, unknown>;
  body: unknown;
  /** The records a bulk route found itself (orders named by number in a CSV), set through auditTargets. */
  ids?: string[];
  /** A bulk route's records as last read (once, then as each transaction leaves them). */
  known?: Map<string, Record<string, unknown>>;
  /** Set while the request's audited transaction runs, so a nested or parallel one is left alone. */
  active: boolean;
  written: boolean;
};

export const auditStorage = new AsyncLocalStorage<AuditRequest>();

/**
 * For a bulk route whose body does not list record ids (a tracking CSV names orders by number): the handler names the
 * records once it has found them, before its first transaction. Outside an audited request it does nothing.
 */
export function auditTargets(ids: readonly number[]) {
  const req = auditStorage.getStore();
  if (req) req.ids = ids.map(String);
}

/**
 * For an upload route, whose multipart body is read by the handler: the text fields it parsed become the row's input.
 * Outside an audited request it does nothing.
 */
export function auditInput(input: Record<string, unknown>) {
  const req = auditStorage.getStore();
  if (req) req.body = input;
}
