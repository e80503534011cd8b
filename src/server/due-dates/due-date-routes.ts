import { dueDateChangeSchema } from '../../shared/due-date-rules';
import { orderAnswer } from '../../shared/orders';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { changeDueDate } from './due-date';
import { getAnyOrder } from '../orders';

export async function orderDueDateRoutes(app: App) {
  const { db } = app.deps;
  app.put(
    '/orders/admin/:id/due-date',
    {
      config: { access: 'staff', audit: { kind: 'order.due_date', entity: 'order' } },
      schema: {
        tags: ['orders'],
        summary:
          'Change the day an order is promised for (any day from today on, even inside the lead time): recorded on the timeline and mailed to the customer',
        params: idParams,
        body: dueDateChangeSchema,
        response: { 200: orderAnswer },
      },
    },
    async (req) => {
      const order = await changeDueDate(db, req.params.id, req.body, req.user, app.deps.now(), app.deps.config.appUrl);
      return { success: true as const, order: await getAnyOrder(db, order.id) };
    },
  );
}
