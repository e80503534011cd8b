import { adminExportQuerySchema } from '../../shared/orders';
import { productionAnswer, productionQuerySchema } from '../../shared/production';
import { pickListAnswer } from '../../shared/pick-list';
import type { App } from '../app-types';
import { exportFilename, ordersCsvStream } from './export-csv';
import { pickList } from './pick-list';
import { productionSheet } from './production';

const tags = ['orders'];

// Static paths under /orders/admin/: find-my-way prefers them to /orders/admin/:id whatever the registration order.
export async function productionRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/orders/admin/production',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          'What to make for the chosen orders (default: pending and in production), grouped by garment, colour and size',
        querystring: productionQuerySchema,
        response: { 200: productionAnswer },
      },
    },
    async (req) => ({ success: true as const, ...(await productionSheet(db, req.query)) }),
  );

  app.get(
    '/orders/admin/pick-list',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          'What to pull from stock for the chosen orders (default: pending and in production): blanks by garment, colour and size, decorations by kind and position',
        querystring: productionQuerySchema,
        response: { 200: pickListAnswer },
      },
    },
    async (req) => ({ success: true as const, ...(await pickList(db, req.query)) }),
  );

  const csvFiles = [
    { path: '/orders/admin/export.csv', kind: 'orders', summary: 'one row per order whose money columns add up' },
    { path: '/orders/admin/lines.csv', kind: 'lines', summary: 'one row per order line' },
  ] as const;
  for (const file of csvFiles)
    app.get(
      file.path,
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: `The filtered order list as CSV, ${file.summary} (UTF-8 with BOM, times in America/Phoenix)`,
          querystring: adminExportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (req, reply) => {
        const stream = await ordersCsvStream(db, req.query, app.deps.now(), file.kind);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFilename(file.kind)}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );
}
