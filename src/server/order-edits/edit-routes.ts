import { staffEditQuoteAnswer, staffEditQuoteSchema, staffEditSchema } from '../../shared/order-edit';
import { orderAnswer } from '../../shared/orders';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { getAnyOrder } from '../orders';
import { quoteStaffEdit, staffEditItems } from './staff-edit';

export async function orderEditRoutes(app: App) {
  const { db } = app.deps;
  app.put(
    '/orders/admin/:id/items',
    {
      config: { access: 'staff', audit: { kind: 'order.edit', entity: 'order' } },
      schema: {
        tags: ['orders'],
        summary:
          'Replace the lines of an order awaiting approval, pending or in production (with a reason): re-priced, recorded, mailed to the customer, sent back to approval when its total grows',
        params: idParams,
        body: staffEditSchema,
        response: { 200: orderAnswer },
      },
    },
    async (req) => {
      const order = await staffEditItems(db, req.params.id, req.body, req.user, app.deps.config.appUrl);
      return { success: true as const, order: await getAnyOrder(db, order.id) };
    },
  );
  app.post(
    '/orders/admin/:id/quote',
    {
      config: { access: 'staff', readsOnly: true },
      schema: {
        tags: ['orders'],
        summary:
          'Price lines staff are editing as saving them would, without saving (the Edit items dialog as they type)',
        params: idParams,
        body: staffEditQuoteSchema,
        response: { 200: staffEditQuoteAnswer },
      },
    },
    async (req) => ({ success: true as const, quote: await quoteStaffEdit(db, req.params.id, req.body) }),
  );
}
