import { orderApprovalsAnswer, recordDecisionSchema } from '../../shared/order-approvals';
import { orderAnswer } from '../../shared/orders';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { getAnyOrder } from '../orders';
import { orderApprovals, recordDecision, resendApproval } from './staff';

const tags = ['approvals'];

/** Staff steer an order's approval (docs/product.md#approvals-staff-can-steer); 409 once it no longer awaits approval. */
export async function approvalStaffRoutes(app: App) {
  const { db } = app.deps;
  const appUrl = app.deps.config.appUrl;
  app.get(
    '/orders/admin/:id/approvals',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "The order's approvers and every link sent: when, whether opened, what became of it",
        params: idParams,
        response: { 200: orderApprovalsAnswer },
      },
    },
    async (req) => ({ success: true as const, approvals: await orderApprovals(db, req.params.id) }),
  );
  app.post(
    '/orders/admin/:id/approvals/resend',
    {
      config: { access: 'staff', audit: { kind: 'order.approval_resend', entity: 'order' } },
      schema: {
        tags,
        summary: 'E-mail the approvers new links; the old links stop working',
        params: idParams,
        response: { 200: orderApprovalsAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      approvals: await resendApproval(db, req.params.id, req.user, appUrl),
    }),
  );
  app.post(
    '/orders/admin/:id/approvals/record',
    {
      config: { access: 'staff', audit: { kind: 'order.approval_record', entity: 'order' } },
      schema: {
        tags,
        summary: 'Record an approval or denial the department gave by phone or in person (reason required)',
        params: idParams,
        body: recordDecisionSchema,
        response: { 200: orderAnswer },
      },
    },
    async (req) => {
      const order = await recordDecision(db, req.params.id, req.body, req.user, appUrl);
      return { success: true as const, order: await getAnyOrder(db, order.id) };
    },
  );
}
