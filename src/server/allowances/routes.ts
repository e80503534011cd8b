import { z } from 'zod';
import { allowanceOverrideBodySchema, allowanceOverridesAnswer, myAllowanceAnswer } from '../../shared/allowances';
import type { App } from '../app-types';
import { idParams, rowId } from '../http/params';
import { listOverrides, myAllowance, setOverride } from './admin';

const memberParams = z.object({ id: rowId, userId: rowId });

/** docs/product.md#allowances: the member's balance and the admin's per-member amounts. */
export async function allowanceRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/users/me/allowance',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['allowances'],
        summary: 'The signed-in member’s allowance this period, or null',
        response: { 200: myAllowanceAnswer },
      },
    },
    async (req) => {
      const user = req.user;
      return { success: true as const, allowance: await myAllowance(db, user, app.deps.now()) };
    },
  );
  app.get(
    '/departments/:id/allowances',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['departments'],
        summary: 'Members whose allowance differs from the department’s',
        params: idParams,
        response: { 200: allowanceOverridesAnswer },
      },
    },
    async (req) => ({ success: true as const, overrides: await listOverrides(db, req.params.id) }),
  );
  app.put(
    '/departments/:id/allowances/:userId',
    {
      config: { access: 'admin', audit: { kind: 'allowance.set', entity: 'allowance' } },
      schema: {
        tags: ['departments'],
        summary: 'Set one member’s allowance (null: back to the department’s)',
        params: memberParams,
        body: allowanceOverrideBodySchema,
        response: { 200: allowanceOverridesAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      overrides: await setOverride(db, req.params.id, req.params.userId, req.body.amount),
    }),
  );
}
