import { staffEditSchema } from '../../shared/order-edit';
import { orderAnswer } from '../../shared/orders';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { getAnyOrder } from './queries';
import { me } from './routes';
import { staffEditItems } from './staff-edit';

export async function orderEditRoutes(app: App) {
  const { db } = app.deps;
  app.put(
    '/orders/admin/:id/items',
    {
      config: { access: 'staff', audit: { kind: 'order.edit', entity: 'order' } },
      schema: {
        tags: ['orders'],
        summary:
          'Replace the lines of an order awaiting approval or pending: re-priced, recorded, mailed to the customer, sent back to approval when its total grows',
        params: idParams,
        body: staffEditSchema,
        response: { 200: orderAnswer },
      },
    },
    async (req) => {
      const order = await staffEditItems(db, req.params.id, req.body, await me(req), app.deps.config.appUrl);
      return { success: true as const, order: await getAnyOrder(db, order.id) };
    },
  );
}
