import { reportAnswer, reportKindParams, reportQuerySchema } from '../../shared/reports';
import type { App } from '../app-types';
import { buildReport } from './build';
import { reportCsv, reportFilename } from './csv';

const tags = ['reports'];

/** The owner's reports (docs/product.md#reports): admins only, on screen and as CSV. */
export async function reportRoutes(app: App) {
  const db = app.deps.db;
  app.get(
    '/reports/:kind',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One report (sales by day, week, month, department; product; decoration; allowance) over shop days',
        params: reportKindParams,
        querystring: reportQuerySchema,
        response: { 200: reportAnswer },
      },
    },
    async (req) => ({ success: true as const, report: await buildReport(db, req.params.kind, req.query) }),
  );
  app.get(
    '/reports/:kind/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The same report as CSV (UTF-8 with BOM): its rows, then the total',
        params: reportKindParams,
        querystring: reportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const report = await buildReport(db, req.params.kind, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFilename(report)}"`)
        .header('cache-control', 'no-store')
        .send(reportCsv(report));
    },
  );
}
