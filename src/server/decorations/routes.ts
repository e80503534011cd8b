import {
  decorationKindAnswer,
  decorationKindCreateSchema,
  decorationKindUpdateSchema,
  decorationsAnswer,
} from '../../shared/decorations';
import type { App } from '../app-types';
import { idParams } from '../http/params';
import { createKind, kindList, positionList, updateKind } from './service';

/** Decoration kinds and positions (docs/product.md#customisations): the customiser reads them, admins add and change kinds. */
export async function decorationRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/decorations/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['decorations'],
        summary: 'The active decoration kinds (key, label, price per piece, positions) and every position',
        response: { 200: decorationsAnswer },
      },
    },
    async () => {
      const [kinds, positions] = await Promise.all([kindList(db, { activeOnly: true }), positionList(db)]);
      return { success: true as const, kinds, positions };
    },
  );
  app.get(
    '/decorations/admin/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['decorations'],
        summary: 'Every decoration kind, switched off ones too',
        response: { 200: decorationsAnswer },
      },
    },
    async () => {
      const [kinds, positions] = await Promise.all([kindList(db, { activeOnly: false }), positionList(db)]);
      return { success: true as const, kinds, positions };
    },
  );
  app.post(
    '/decorations/admin/',
    {
      config: { access: 'admin', audit: { kind: 'decoration_kind.create', entity: 'decoration_kind' } },
      schema: {
        tags: ['decorations'],
        summary: 'Add a decoration kind (a department patch, a logo) with its price and positions',
        body: decorationKindCreateSchema,
        response: { 201: decorationKindAnswer },
      },
    },
    async (req, reply) => reply.code(201).send({ success: true as const, kind: await createKind(db, req.body) }),
  );
  app.put(
    '/decorations/admin/:id',
    {
      config: { access: 'admin', audit: { kind: 'decoration_kind.update', entity: 'decoration_kind' } },
      schema: {
        tags: ['decorations'],
        summary: 'Change a decoration kind’s label, price, positions, order or whether it is offered',
        params: idParams,
        body: decorationKindUpdateSchema,
        response: { 200: decorationKindAnswer },
      },
    },
    async (req) => ({ success: true as const, kind: await updateKind(db, req.params.id, req.body) }),
  );
}
