import { customerNoteAnswer, customerNoteBodySchema, customerRecordAnswer } from '../../shared/customers';
import type { App } from '../app-types';
import { unauthorized } from '../http/errors';
import { idParams } from '../http/params';
import { addNote } from './notes';
import { customerRecord } from './record';

const tags = ['customers'];

/** Customer records (docs/product.md#customer-records): staff read one customer and keep notes on them. */
export async function customerRoutes(app: App) {
  const db = app.deps.db;
  app.get(
    '/customers/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'One customer: contact, department, allowance, orders with their balance, conversations and notes',
        params: idParams,
        response: { 200: customerRecordAnswer },
      },
    },
    async (req) => ({ success: true as const, customer: await customerRecord(db, req.params.id, app.deps.now()) }),
  );
  app.post(
    '/customers/:id/notes',
    {
      config: { access: 'staff', audit: { kind: 'customer.note', entity: 'user' } },
      schema: {
        tags,
        summary: 'Adds a staff note to the customer, signed with the author and the time',
        params: idParams,
        body: customerNoteBodySchema,
        response: { 201: customerNoteAnswer },
      },
    },
    async (req, reply) => {
      const user = await req.currentUser();
      if (!user) throw unauthorized();
      const note = await addNote(db, req.params.id, user, req.body.body);
      return reply.code(201).send({ success: true as const, note });
    },
  );
}
