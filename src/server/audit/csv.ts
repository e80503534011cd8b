import type { AuditEntry } from '../../shared/audit';
import { shopTimestamp } from '../../shared/time';
import { csvRow as row } from '../../shared/csv';

export const AUDIT_CSV_HEADER = row([
  'Time (Arizona)',
  'Person',
  'Role',
  'IP address',
  'Kind',
  'Record',
  'Record id',
  'Request',
  'Changes',
  'Input',
]);

/** One log row as CSV: times in the shop's zone, before and after as JSON so nothing is lost. */
export const auditCsvRow = (e: AuditEntry) =>
  row([
    shopTimestamp(e.at),
    e.actor_email,
    e.actor_role,
    e.ip,
    e.kind,
    e.entity_type,
    e.entity_id,
    `${e.method} ${e.route}`,
    JSON.stringify(e.changes),
    e.input === null ? null : JSON.stringify(e.input),
  ]);
