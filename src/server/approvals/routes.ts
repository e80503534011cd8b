import { z } from 'zod';
import { approvalAnswer, approveSchema, denySchema } from '../../shared/orders';
import type { App } from '../app-types';
import { decide, showApproval } from './service';

const params = z.object({ token: z.string().min(10).max(200) });
const tags = ['approvals'];

/** Public: the token in the link is the credential; the approver never signs in. */
export async function approvalRoutes(app: App) {
  const { db } = app.deps;
  const shop = { appUrl: app.deps.config.appUrl, notifyEmail: app.deps.config.shopNotifyEmail };
  app.get(
    '/approvals/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The order behind an approval link and the state of the link',
        params,
        response: { 200: approvalAnswer },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await showApproval(db, req.params.token)) };
    },
  );
  app.post(
    '/approvals/:token/approve',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Approve the order (once), optionally without some of its lines, each with a reason',
        params,
        body: approveSchema,
        response: { 200: approvalAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await decide(
        db,
        req.params.token,
        {
          kind: 'approve',
          comments: req.body.comments,
          removed: req.body.removed_lines,
          seen: req.body.order_updated_at,
        },
        shop,
      )),
    }),
  );
  app.post(
    '/approvals/:token/deny',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Deny the order with a reason (once)',
        params,
        body: denySchema,
        response: { 200: approvalAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await decide(
        db,
        req.params.token,
        {
          kind: 'deny',
          reason: req.body.denial_reason,
          comments: req.body.comments,
          seen: req.body.order_updated_at,
        },
        shop,
      )),
    }),
  );
}
