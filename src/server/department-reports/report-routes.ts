import { departmentReportAnswer, statementSendBodySchema, statementSentAnswer } from '../../shared/department-report';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { departmentReport } from './report';
import { reportCsv, reportFilename } from './report-csv';
import { sendStatementNow } from './send-statement';

const tags = ['departments'];

/** Department reports (docs/product.md#department-reports): spend per member and month, on screen and as CSV. */
export async function departmentReportRoutes(app: App) {
  const db = app.deps.db;
  app.get(
    '/departments/:id/report',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Spend per member and per month over the current period (approved orders, not cancelled or denied)',
        params: idParams,
        response: { 200: departmentReportAnswer },
      },
    },
    async (req) => ({ success: true as const, report: await departmentReport(db, req.params.id) }),
  );
  app.get(
    '/departments/:id/report.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The department report as CSV (UTF-8 with BOM): members, then months',
        params: idParams,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const report = await departmentReport(db, req.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFilename(report)}"`)
        .header('cache-control', 'no-store')
        .send(reportCsv(report));
    },
  );
  app.post(
    '/departments/:id/statement',
    {
      config: { access: 'admin', audit: { kind: 'department.statement', entity: 'department' } },
      schema: {
        tags,
        summary:
          "Sends the approvers this month's statement so far, one e-mail each; 409 when already sent this month unless again",
        params: idParams,
        body: statementSendBodySchema,
        response: { 200: statementSentAnswer },
      },
    },
    async (req) => {
      const user = req.user;
      return {
        success: true as const,
        statement: await sendStatementNow(db, req.params.id, user, req.body.again === true),
      };
    },
  );
}
