import { rosterAnswer, rosterSchema, RUN_MESSAGES, sizeRunSchema } from '../../shared/cart-runs';
import { cartChangeAnswer, type Cart } from '../../shared/cart';
import type { App } from '../app-types';
import { addSizeRun, roster } from './runs';

/** Size runs and rosters: many lines of one garment in one request, all added or none. */
export async function cartRunRoutes(app: App, current: (user: { id: number; email: string }) => Promise<Cart>) {
  const db = app.deps.db;
  const config = { access: 'customer' as const };

  app.post(
    '/cart/items/run',
    {
      config,
      schema: {
        tags: ['cart'],
        summary: 'Add one line per size of one garment and colour, with the same decorations (all or nothing)',
        body: sizeRunSchema,
        response: { 200: cartChangeAnswer },
      },
    },
    async (req) => {
      const { pieces, lines } = await addSizeRun(db, req.user, req.body);
      return { success: true as const, cart: await current(req.user), message: RUN_MESSAGES.added(pieces, lines) };
    },
  );

  app.post(
    '/cart/roster',
    {
      config,
      schema: {
        tags: ['cart'],
        summary:
          'Check a roster CSV (name, size[, quantity]) row by row; with commit: true add a named line per row, or nothing if any row is bad',
        body: rosterSchema,
        response: { 200: rosterAnswer },
      },
    },
    async (req) => {
      const result = await roster(db, req.user, req.body);
      return {
        success: true as const,
        ...result,
        ...(result.added ? { cart: await current(req.user) } : {}),
      };
    },
  );
}
