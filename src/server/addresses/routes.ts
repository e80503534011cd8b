import { z } from 'zod';
import { addressAnswer, addressesAnswer, addressInputSchema } from '../../shared/addresses';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from './service';

const ok = z.object({ success: z.literal(true) });

/** docs/product.md#saved-addresses: the signed-in customer's own addresses; anyone else's answers 404. */
export async function addressRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['profile'];
  app.get(
    '/profile/addresses',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'My saved shipping addresses, the default first', response: { 200: addressesAnswer } },
    },
    async (req) => ({ success: true as const, addresses: await listAddresses(db, req.user.id) }),
  );
  app.post(
    '/profile/addresses',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'Save an address', body: addressInputSchema, response: { 201: addressAnswer } },
    },
    async (req, reply) =>
      reply.code(201).send({ success: true as const, address: await createAddress(db, req.user.id, req.body) }),
  );
  app.put(
    '/profile/addresses/:id',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Change a saved address',
        params: idParams,
        body: addressInputSchema,
        response: { 200: addressAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      address: await updateAddress(db, req.user.id, req.params.id, req.body),
    }),
  );
  app.post(
    '/profile/addresses/:id/default',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'Make a saved address the default', params: idParams, response: { 200: addressAnswer } },
    },
    async (req) => ({ success: true as const, address: await setDefaultAddress(db, req.user.id, req.params.id) }),
  );
  app.delete(
    '/profile/addresses/:id',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'Delete a saved address', params: idParams, response: { 200: ok } },
    },
    async (req) => {
      await deleteAddress(db, req.user.id, req.params.id);
      return { success: true as const };
    },
  );
}
