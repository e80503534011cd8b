import { z } from 'zod';
import { addKitSchema, KIT_MESSAGES, kitAnswer, kitInputSchema, kitsAnswer, kitUpdateSchema } from '../../shared/kits';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { addKitToCart, createKit, deleteKit, departmentKitList, myKits, updateKit } from './service';

const messageAnswer = z.object({ success: z.literal(true), message: z.string() });
const admin = (kind: string) => ({ access: 'admin' as const, audit: { kind, entity: 'kit' as const } });

/** docs/product.md#department-kits: members add a kit in one step; admins define them per department. */
export async function kitRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/kits/',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['kits'],
        summary: 'The kits of the signed-in member’s department',
        response: { 200: kitsAnswer },
      },
    },
    async (req) => ({ success: true as const, kits: await myKits(db, req.user) }),
  );
  app.post(
    '/kits/:id/cart',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['kits'],
        summary: 'Put every garment of a kit in the cart, with one size each and the name once',
        params: idParams,
        body: addKitSchema,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await addKitToCart(db, req.user, req.params.id, req.body);
      return { success: true as const, message: KIT_MESSAGES.added };
    },
  );
  app.get(
    '/departments/:id/kits',
    {
      config: { access: 'admin' },
      schema: { tags: ['kits'], summary: 'A department’s kits', params: idParams, response: { 200: kitsAnswer } },
    },
    async (req) => ({ success: true as const, kits: await departmentKitList(db, req.params.id) }),
  );
  app.post(
    '/kits/admin/',
    {
      config: admin('kit.create'),
      schema: { tags: ['kits'], summary: 'Define a kit', body: kitInputSchema, response: { 201: kitAnswer } },
    },
    async (req, reply) => {
      const kit = await createKit(db, req.body);
      return reply.code(201).send({ success: true as const, kit, message: KIT_MESSAGES.created });
    },
  );
  app.put(
    '/kits/admin/:id',
    {
      config: admin('kit.update'),
      schema: {
        tags: ['kits'],
        summary: 'Change a kit',
        params: idParams,
        body: kitUpdateSchema,
        response: { 200: kitAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      kit: await updateKit(db, req.params.id, req.body),
      message: KIT_MESSAGES.saved,
    }),
  );
  app.delete(
    '/kits/admin/:id',
    {
      config: admin('kit.delete'),
      schema: { tags: ['kits'], summary: 'Remove a kit', params: idParams, response: { 200: messageAnswer } },
    },
    async (req) => {
      await deleteKit(db, req.params.id);
      return { success: true as const, message: KIT_MESSAGES.removed };
    },
  );
}
