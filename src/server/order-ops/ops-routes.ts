import { bulkStatusAnswer, bulkStatusSchema, orderNoteSchema, staffOrderAnswer } from '../../shared/order-ops';
import { bulkShipAnswer, bulkShipSchema } from '../../shared/shipments';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { bulkUpdateStatus } from './bulk';
import { bulkShip } from './bulk-ship';
import { auditTargets } from '../audit';
import { addInternalNote } from './notes';
import { getAnyOrder } from '../orders';

const tags = ['orders'];

/** Staff work on many orders at once and staff-only notes. */
export async function orderOpsRoutes(app: App) {
  const { db } = app.deps;

  app.post(
    '/orders/admin/bulk-status',
    {
      config: { access: 'staff', audit: { kind: 'order.bulk_status', entity: 'order', each: 'order_ids' } },
      schema: {
        tags,
        summary:
          'Move up to 200 orders to one status, each in its own transaction; orders that may not move are listed by number',
        body: bulkStatusSchema,
        response: { 200: bulkStatusAnswer },
      },
    },
    async (req) => {
      const result = await bulkUpdateStatus(
        db,
        req.body,
        req.user,
        (err, orderId) => req.log.error({ err, orderId }, 'bulk status change failed for one order'),
        app.deps.config.appUrl,
      );
      return { success: true as const, ...result };
    },
  );

  app.post(
    '/orders/admin/shipments',
    {
      // One row per order shipped; the orders are named by number, so the handler tells the log which they are.
      config: { access: 'staff', audit: { kind: 'order.ship', entity: 'order', each: 'rows' } },
      schema: {
        tags,
        summary:
          'Ship up to 200 orders from a table or a CSV (order number, carrier, tracking number): a per-row preview, and with apply: true the rows without a problem ship',
        body: bulkShipSchema,
        response: { 200: bulkShipAnswer },
      },
    },
    async (req) => {
      const result = await bulkShip(
        db,
        req.body,
        req.user,
        (err, orderId) => req.log.error({ err, orderId }, 'bulk ship failed for one order'),
        auditTargets,
        app.deps.config.appUrl,
      );
      return { success: true as const, ...result };
    },
  );

  app.post(
    '/orders/admin/:id/notes',
    {
      config: { access: 'staff', audit: { kind: 'order.note', entity: 'order' } },
      schema: {
        tags,
        summary: 'Add a staff-only note to an order at any status (never shown to the customer)',
        params: idParams,
        body: orderNoteSchema,
        response: { 200: staffOrderAnswer },
      },
    },
    async (req) => {
      await addInternalNote(db, req.params.id, req.body.note, req.user);
      return { success: true as const, order: await getAnyOrder(db, req.params.id) };
    },
  );
}
