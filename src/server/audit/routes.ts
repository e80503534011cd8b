import { Readable } from 'node:stream';
import { auditAnswer, auditExportQuerySchema, auditQuerySchema, type AuditFilters } from '../../shared/audit';
import { shopDay } from '../../shared/time';
import type { App } from '../app-types';
import type { Executor } from '../db/client';
import { AUDIT_CSV_HEADER, auditCsvRow } from './csv';
import { auditRows, listAudit } from './query';

const tags = ['audit'];

async function* csvChunks(db: Executor, f: AuditFilters) {
  yield `\uFEFF${AUDIT_CSV_HEADER}`;
  for await (const e of auditRows(db, f)) yield auditCsvRow(e);
}

/** The audit log for admins: a filtered page on screen and the same filters as CSV (docs/product.md#audit-log). */
export async function auditRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/audit/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Staff and admin actions, newest first: filter by person, kind, record and shop days',
        querystring: auditQuerySchema,
        response: { 200: auditAnswer },
      },
    },
    async (req) => ({ success: true as const, ...(await listAudit(db, req.query)) }),
  );
  app.get(
    '/audit/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The filtered audit log as CSV, oldest first (UTF-8 with BOM, times in America/Phoenix)',
        querystring: auditExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${shopDay(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csvChunks(db, req.query))),
  );
}
