import { ACCOUNTING_FILES, ageingReportAnswer, moneyReportAnswer, taxReportAnswer } from '../../shared/books';
import { shopDay } from '../../shared/time';
import { reportAnswer, reportKindParams, reportQuerySchema } from '../../shared/reports';
import type { App } from '../app-types';
import { ageingReport, moneyReport, taxReport } from './books';
import { accountingCsv, accountingFilename, ageingCsv, booksFilename, moneyCsv, taxCsv } from './books-csv';
import { buildReport } from './build';
import { reportCsv, reportFilename } from './csv';

const tags = ['reports'];

/** The owner's reports (docs/product.md#reports): admins only, on screen and as CSV. */
export async function reportRoutes(app: App) {
  const db = app.deps.db;
  await bookRoutes(app);
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

const csvReply = (reply: import('fastify').FastifyReply, filename: string, body: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);

/**
 * The books (docs/product.md#the-books): the cash-up, sales tax and ageing as JSON and CSV, and the accounting
 * export. Static paths, so they win over /reports/:kind.
 */
async function bookRoutes(app: App) {
  const db = app.deps.db;
  const admin = { access: 'admin' as const };
  app.get(
    '/reports/money',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The cash-up: payments, refunds and credits by the shop day they happened and the way money moved',
        querystring: reportQuerySchema,
        response: { 200: moneyReportAnswer },
      },
    },
    async (req) => ({ success: true as const, report: await moneyReport(db, req.query) }),
  );
  app.get(
    '/reports/money/export.csv',
    {
      config: admin,
      schema: { tags, summary: 'The cash-up as CSV', querystring: reportQuerySchema, produces: ['text/csv'] },
    },
    async (req, reply) =>
      csvReply(reply, booksFilename('money', req.query.from, req.query.to), moneyCsv(await moneyReport(db, req.query))),
  );
  app.get(
    '/reports/tax',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Sales tax by month of placement: taxable and exempt sales, tax, exempt departments named',
        querystring: reportQuerySchema,
        response: { 200: taxReportAnswer },
      },
    },
    async (req) => ({ success: true as const, report: await taxReport(db, req.query) }),
  );
  app.get(
    '/reports/tax/export.csv',
    {
      config: admin,
      schema: { tags, summary: 'Sales tax as CSV', querystring: reportQuerySchema, produces: ['text/csv'] },
    },
    async (req, reply) =>
      csvReply(reply, booksFilename('tax', req.query.from, req.query.to), taxCsv(await taxReport(db, req.query))),
  );
  app.get(
    '/reports/ageing',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Open balances today by days past due (current, 1-30, 31-60, 61-90, over 90), per customer and department',
        response: { 200: ageingReportAnswer },
      },
    },
    async () => ({ success: true as const, report: await ageingReport(db, app.deps.now()) }),
  );
  app.get(
    '/reports/ageing/export.csv',
    {
      config: admin,
      schema: { tags, summary: 'Open balances by age as CSV, one row per order', produces: ['text/csv'] },
    },
    async (_req, reply) => {
      const now = app.deps.now();
      const day = shopDay(now);
      return csvReply(reply, booksFilename('ageing', day, day), ageingCsv(await ageingReport(db, now)));
    },
  );
  for (const file of ACCOUNTING_FILES)
    app.get(
      `/reports/accounting/${file}.csv`,
      {
        config: admin,
        schema: {
          tags,
          summary: `The accounting export's ${file} for a period, in the columns Xero and QuickBooks Online import`,
          querystring: reportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (req, reply) =>
        csvReply(reply, accountingFilename(file, req.query), await accountingCsv(db, file, req.query)),
    );
}
