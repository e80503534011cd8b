import { globalSearchQuerySchema, searchAnswer } from '../../shared/search';
import type { App } from '../app-types';
import { globalSearch } from './global-search';

export async function searchRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/search',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['search'],
        summary:
          'Orders, customers and conversations matching a text (order number, name, e-mail, phone, PO, product, embroidered name, tracking, department, notes)',
        querystring: globalSearchQuerySchema,
        response: { 200: searchAnswer },
      },
    },
    async (req) => ({ success: true as const, ...(await globalSearch(db, req.query.q ?? '')) }),
  );
}
